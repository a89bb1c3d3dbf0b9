// Group commit: writes that arrive while a transaction is running share the next one.
// Idle, an item is written after one event-loop turn (so requests already read in
// this turn join it); under load, one transaction carries many, which is what a
// single-connection database (PGlite) needs.

interface Entry<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<I, R> {
  private queue: Entry<I, R>[] = [];
  private draining?: Promise<void>;

  constructor(
    /** Writes the items in one transaction; returns one result per item, in order. */
    private readonly commit: (items: I[]) => Promise<R[]>,
    private readonly maxBatch = 64,
    /**
     * How long the first item waits for company. 0 (default): one event-loop turn,
     * for latency-critical writes. Writes nobody waits on in a hurry (status callbacks)
     * can linger a few ms so a busy stream of them shares one commit.
     */
    private readonly lingerMs = 0,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.draining ??= new Promise<void>((resolve) => (this.lingerMs > 0 ? setTimeout(resolve, this.lingerMs) : setImmediate(resolve)))
        .then(() => this.drain())
        .finally(() => {
          this.draining = undefined;
        });
    });
  }

  /** Resolves once everything submitted so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
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
