// For `--simulator`: the carrier simulator inside Rebound journals every send request it receives
// (`<SIMULATOR_DATA_DIR>/carrier.jsonl`, one JSON line each, written before it answers). This feed
// tails that file from the bench's process and reports each text as the fake carrier does, timed
// by the journal's own `createdAt` (when the simulator received the send request), so reading the
// file late adds nothing to the figures and asks the measured process for nothing.
import { EventEmitter } from "node:events";
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import type { CarrierFeed, CarrierMessage } from "./fire-calls";

const POLL_MS = 5;

export class SimulatorJournalFeed extends EventEmitter implements CarrierFeed {
  /** The simulator's account (carrier-simulator.ts). */
  readonly accountSid = `AC${"5".repeat(32)}`;
  private offset = 0;
  private partial = "";
  private timer?: NodeJS.Timeout;

  constructor(private readonly path: string) {
    super();
  }

  start(): void {
    this.offset = existsSync(this.path) ? statSync(this.path).size : 0;
    this.timer = setInterval(() => this.readNew(), POLL_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private readNew(): void {
    if (!existsSync(this.path)) return;
    const size = statSync(this.path).size;
    if (size <= this.offset) return;
    const fd = openSync(this.path, "r");
    const buffer = Buffer.alloc(size - this.offset);
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    this.offset = size;
    const lines = (this.partial + buffer.toString("utf8")).split("\n");
    this.partial = lines.pop() ?? "";
    for (const line of lines) {
      const entry = JSON.parse(line) as { t: string; to?: string; createdAt?: number; direction?: string };
      if (entry.t !== "message" || entry.direction === "outbound-reply" || !entry.to || entry.createdAt === undefined) continue;
      // The entry's age on the wall clock, back from this process's monotonic now: `createdAt - timeOrigin`
      // mixed the two clocks, and a wall-clock correction during a bench run (seen: 40 ms, then 7.9 s) moved
      // every later text's latency by it. Both Date.now() readings here see the same correction.
      const message: CarrierMessage = { to: entry.to, receivedAt: entry.createdAt, atPerformanceNow: performance.now() - (Date.now() - entry.createdAt) };
      this.emit("message", message);
    }
  }
}
