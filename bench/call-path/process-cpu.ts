import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime: 100 on Linux for every common architecture. */
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user + system, ms), from /proc; undefined off Linux or without a pid. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
