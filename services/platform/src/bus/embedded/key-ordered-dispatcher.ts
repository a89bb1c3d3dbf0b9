import type { DeliveredRecord } from "../event-bus";

/**
 * Runs records through a handler with at most `concurrency` keys at once and the
 * records of one key strictly in order (unless `unordered`: then every record is its
 * own key). Tracks the low watermark: the highest sequence number below which every
 * record has been handled, which is the offset that is safe to commit.
 */
export class KeyOrderedDispatcher {
  private readonly queues = new Map<string, DeliveredRecord[]>();
  private readonly readyKeys: string[] = [];
  private readonly activeKeys = new Set<string>();
  /** Fetched records not yet handled, by sequence, ascending. */
  private readonly outstanding: { seq: bigint; done: boolean }[] = [];
  private readonly bySeq = new Map<bigint, { seq: bigint; done: boolean }>();
  private running = 0;
  private stopping = false;
  private idleWaiters: (() => void)[] = [];
  watermark: bigint;

  constructor(
    private readonly handle: (record: DeliveredRecord) => Promise<void>,
    private readonly concurrency: number,
    startWatermark: bigint,
    private readonly onProgress: () => void,
    private readonly unordered = false,
  ) {
    this.watermark = startWatermark;
  }

  get backlog(): number {
    return this.outstanding.length;
  }

  push(record: DeliveredRecord): void {
    const entry = { seq: BigInt(record.offset), done: false };
    this.outstanding.push(entry);
    this.bySeq.set(entry.seq, entry);
    const key = this.unordered ? `#${record.offset}` : record.key;
    const queue = this.queues.get(key);
    if (queue) {
      queue.push(record);
    } else {
      this.queues.set(key, [record]);
      if (!this.activeKeys.has(key)) this.readyKeys.push(key);
    }
    this.pump();
  }

  /** Records a fetched record that was handled before a restart: counts as done, is not run again. */
  pushHandled(seq: bigint): void {
    const entry = { seq, done: false };
    this.outstanding.push(entry);
    this.bySeq.set(seq, entry);
    this.complete(seq);
  }

  /** Stops starting records; resolves when those running have finished (or gave up, see onGraceExpired). */
  async drain(graceMs: number, onGraceExpired: () => void): Promise<void> {
    this.stopping = true;
    if (this.running === 0) return;
    const timer = setTimeout(onGraceExpired, graceMs);
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    clearTimeout(timer);
  }

  /** Sequence numbers above the watermark that are already handled. */
  handledAboveWatermark(): bigint[] {
    return this.outstanding.filter((entry) => entry.done).map((entry) => entry.seq);
  }

  private pump(): void {
    while (!this.stopping && this.running < this.concurrency && this.readyKeys.length > 0) {
      const key = this.readyKeys.shift() as string;
      this.activeKeys.add(key);
      this.running++;
      void this.runKey(key);
    }
  }

  private async runKey(key: string): Promise<void> {
    const queue = this.queues.get(key);
    while (!this.stopping && queue && queue.length > 0) {
      const record = queue[0] as DeliveredRecord;
      try {
        await this.handle(record);
      } catch {
        break; // abandoned while stopping: left uncommitted, so it is delivered again after a restart
      }
      queue.shift();
      this.complete(BigInt(record.offset));
    }
    if (queue && queue.length === 0) this.queues.delete(key);
    this.activeKeys.delete(key);
    this.running--;
    if (queue && queue.length > 0 && !this.stopping) this.readyKeys.push(key);
    if (this.running === 0 && this.stopping) this.idleWaiters.splice(0).forEach((resolve) => resolve());
    this.pump();
  }

  private complete(seq: bigint): void {
    const entry = this.bySeq.get(seq);
    if (entry) entry.done = true;
    let advanced = entry !== undefined;
    while (this.outstanding[0]?.done) {
      const head = this.outstanding.shift() as { seq: bigint };
      this.bySeq.delete(head.seq);
      this.watermark = head.seq;
      advanced = true;
    }
    if (advanced) this.onProgress();
  }
}
