import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime: 100 on Linux for every common architecture. */
const TICKS_PER_SECOND = 100;

export interface CpuTimes {
  /** Every thread of the process (user + system, ms). */
  processMs: number;
  /** The main thread alone: the event loop that serves HTTP (PGlite has a thread of its own). */
  mainThreadMs: number;
}

/** A process's CPU time so far, from /proc; undefined off Linux or without a pid. */
export function cpuTimes(pid: number | undefined): CpuTimes | undefined {
  if (pid === undefined) return undefined;
  try {
    // The main thread's id is the process id.
    return { processMs: statCpuMs(`/proc/${pid}/stat`), mainThreadMs: statCpuMs(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return undefined;
  }
}

function statCpuMs(path: string): number {
  const stat = readFileSync(path, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}
