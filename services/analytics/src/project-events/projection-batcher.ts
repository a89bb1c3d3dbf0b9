// Events handed to the projections while the previous write runs (the consumer runs up to
// BUS_CONSUMER_CONCURRENCY keys at once) are applied together in the next one: one set of
// statements for the batch instead of one per event. If a batch fails, each event is retried alone, so one bad
// event fails only its own handler (which the bus then retries and dead-letters).

import type { AnalyticsDeps } from "../analytics-deps";
import type { ProjectedEvent } from "../domain/facts";
import { applyEvents } from "./apply-events.use-case";

const MAX_BATCH = 500;

interface Pending {
  event: ProjectedEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class ProjectionBatcher {
  private readonly queue: Pending[] = [];
  private scheduled = false;
  private writing = false;

  constructor(
    private readonly deps: Pick<AnalyticsDeps, "db" | "projections" | "statsCache">,
    private readonly consumer: string,
  ) {}

  apply(event: ProjectedEvent): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      this.schedule();
    });
  }

  /** One write at a time: what arrives while a write runs goes into the next one. */
  private schedule(): void {
    if (this.scheduled || this.writing || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, MAX_BATCH);
    this.writing = true;
    try {
      await this.write(batch.map((item) => item.event));
      for (const item of batch) item.resolve();
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else for (const item of batch) await this.write([item.event]).then(item.resolve, item.reject);
    } finally {
      this.writing = false;
      this.schedule();
    }
  }

  private async write(events: ProjectedEvent[]): Promise<void> {
    const businesses = await this.deps.db.sqlTransaction((tx) => applyEvents(this.deps, tx, this.consumer, events), { groupCommit: "urgent" });
    this.deps.statsCache.invalidate(businesses);
  }
}
