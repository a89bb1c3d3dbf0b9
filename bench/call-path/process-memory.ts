// Resident memory of a process, all its threads (issue 27: at most 500 MB for `npm start`).
import { readFileSync } from "node:fs";

export interface ResidentMemory {
  /** Bytes resident (VmRSS). */
  rss: number;
  /** Anonymous resident bytes: heaps, wasm memory, malloc. */
  anonymous: number;
  /** File-backed resident bytes: the node binary, shared libraries. */
  file: number;
}

/** Reads /proc/<pid>/status (Linux); zeros elsewhere or once the process is gone. */
export function residentMemory(pid: number): ResidentMemory {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return { rss: 0, anonymous: 0, file: 0 };
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), anonymous: kb("RssAnon"), file: kb("RssFile") + kb("RssShmem") };
}
