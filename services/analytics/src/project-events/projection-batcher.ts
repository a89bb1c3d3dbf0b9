// Events handed to the projections within `lingerMs` of the first one, or while the previous write
// runs (the consumer runs up to PROJECTIONS_CONCURRENCY events at once), are applied together: one
// transaction and one set of statements for the batch instead of one per event. If a batch fails, each event is retried alone, so one bad
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
    /** How long the first event of a batch waits for company (ANALYTICS_PROJECTION_LINGER_MS); 0: one event-loop turn. */
    private readonly lingerMs = 0,
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
    const flush = () => {
      this.scheduled = false;
      void this.flush();
    };
    if (this.lingerMs > 0 && this.queue.length < MAX_BATCH) setTimeout(flush, this.lingerMs);
    else setImmediate(flush);
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
