// Group commit: writes that arrive while a transaction is running share the next one.
// An urgent item (the default) is written after one event-loop turn, so requests already
// read in this turn join it; under load one transaction carries many, which is what a
// single-connection database (PGlite) needs. An item nobody waits on in a hurry can
// linger a few milliseconds for company: it then rides in the next urgent item's
// transaction, or in a batch of its own when the linger runs out.

interface Entry<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<I, R> {
  private queue: Entry<I, R>[] = [];
  private draining?: Promise<void>;
  private lingering?: { timer: NodeJS.Timeout; done: () => void };

  constructor(
    /** Writes the items in one transaction; returns one result per item, in order. */
    private readonly commit: (items: I[]) => Promise<R[]>,
    private readonly maxBatch = 64,
    /** How long a non-urgent item waits for company (see submit). */
    private readonly lingerMs = 0,
  ) {}

  /** `urgent: false` lets the item wait up to lingerMs for company. */
  submit(item: I, urgent = true): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule(urgent || this.lingerMs === 0);
    });
  }

  /** Resolves once everything submitted so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private schedule(now: boolean): void {
    if (this.lingering && now) {
      clearTimeout(this.lingering.timer);
      this.lingering.done();
      return;
    }
    if (this.draining) return; // the running drain takes the queue as it goes
    this.draining = new Promise<void>((resolve) => {
      if (now) {
        setImmediate(resolve);
        return;
      }
      const done = () => {
        this.lingering = undefined;
        setImmediate(resolve);
      };
      this.lingering = { timer: setTimeout(done, this.lingerMs), done };
    })
      .then(() => this.drain())
      .finally(() => {
        this.draining = undefined;
        if (this.queue.length > 0) this.schedule(true);
      });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.commit(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index] as R));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]?.reject(error);
          continue;
        }
        // One bad item must not fail the others: write them one by one.
        for (const entry of batch) {
          try {
            const [result] = await this.commit([entry.item]);
            entry.resolve(result as R);
          } catch (single) {
            entry.reject(single);
          }
        }
      }
    }
  }
}
