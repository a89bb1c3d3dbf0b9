import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { basename } from "node:path";

/** Clock ticks per second of /proc's utime and stime: 100 on Linux for every common architecture. */
const TICKS_PER_SECOND = 100;

export interface CpuTimes {
  /** Every thread of the process (user + system, ms). */
  processMs: number;
  /** The main thread alone: the event loop that serves HTTP (PGlite has a thread of its own). */
  mainThreadMs: number;
}

/** The CPU time so far of these processes together, from /proc; undefined off Linux or without pids. */
export function cpuTimes(pids: number[]): CpuTimes | undefined {
  if (pids.length === 0) return undefined;
  try {
    // The main thread's id is the process id.
    return pids
      .map((pid) => ({ processMs: statCpuMs(`/proc/${pid}/stat`), mainThreadMs: statCpuMs(`/proc/${pid}/task/${pid}/stat`) }))
      .reduce((sum, times) => ({ processMs: sum.processMs + times.processMs, mainThreadMs: sum.mainThreadMs + times.mainThreadMs }));
  } catch {
    return undefined;
  }
}

/** Every process below `root` (children, grandchildren, ...), from /proc; empty off Linux. */
export function descendantPids(root: number): number[] {
  const childrenOf = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), Number(entry)]);
    } catch {
      // exited while listed
    }
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of childrenOf.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

function statFields(path: string): string[] {
  const stat = readFileSync(path, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

function statCpuMs(path: string): number {
  const fields = statFields(path);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** CPU ms per process over a run, named by working folder (start:distributed runs each service in services/<name>). */
export function cpuByProcess(pids: number[]): Map<string, number> {
  const byName = new Map<string, number>();
  for (const pid of pids) {
    try {
      const cwd = basename(readlinkSync(`/proc/${pid}/cwd`));
      const command = basename(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "");
      const name = command === "node" ? cwd : command;
      byName.set(name, (byName.get(name) ?? 0) + statCpuMs(`/proc/${pid}/stat`));
    } catch {
      // exited
    }
  }
  return byName;
}

/**
 * CPU ms of each thread of one process (user and system), by thread id. Node names every thread
 * "node", so they are told apart by id: the main thread's is the pid, and threads started later
 * (the PGlite and carrier simulator workers) have higher ids than V8's and libuv's helpers.
 */
export function cpuByThread(pid: number): Map<number, { userMs: number; systemMs: number }> {
  const byThread = new Map<number, { userMs: number; systemMs: number }>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byThread;
  }
  for (const tid of tids) {
    try {
      const fields = statFields(`/proc/${pid}/task/${tid}/stat`);
      byThread.set(Number(tid), { userMs: (Number(fields[11]) * 1000) / TICKS_PER_SECOND, systemMs: (Number(fields[12]) * 1000) / TICKS_PER_SECOND });
    } catch {
      // ended while listed
    }
  }
  return byThread;
}

/** The busiest threads over a run, as "main 8.1 (sys 2.0), thread 2 4.3 (sys 1.1), ..." in ms per call. */
export function describeThreadCpu(
  pid: number,
  before: Map<number, { userMs: number; systemMs: number }>,
  after: Map<number, { userMs: number; systemMs: number }>,
  calls: number,
): string {
  const order = [...after.keys()].sort((a, b) => a - b);
  return order
    .map((tid) => {
      const was = before.get(tid) ?? { userMs: 0, systemMs: 0 };
      const now = after.get(tid) ?? was;
      const label = tid === pid ? "main" : `thread ${order.indexOf(tid)}`;
      return { label, total: (now.userMs + now.systemMs - was.userMs - was.systemMs) / calls, system: (now.systemMs - was.systemMs) / calls };
    })
    .filter((thread) => thread.total >= 0.1)
    .sort((a, b) => b.total - a.total)
    .map((thread) => `${thread.label} ${thread.total.toFixed(2)} (sys ${thread.system.toFixed(2)})`)
    .join(", ");
}
