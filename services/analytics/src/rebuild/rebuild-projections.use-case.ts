import { decodeEnvelope, UnknownEventError, type EventEnvelope } from "@rebound/contracts";
import type { AnalyticsDeps } from "../analytics-deps";
import { isProjectedEvent, type ProjectedEvent } from "../domain/facts";
import { applyEvents } from "../project-events/apply-events.use-case";
import type { LogSource } from "./log-source";

export interface RebuildProgress {
  events: number;
  batches: number;
  seconds: number;
  eventsPerSecond: number;
}

/**
 * Drops the projections (and this consumer's processed marks) and replays the log from offset
 * zero through the live consumer's own apply path, one transaction per batch. Run it with the
 * live consumer stopped: events it applied during the rebuild would be dropped with the rest.
 */
export async function rebuildProjections(
  deps: Pick<AnalyticsDeps, "db" | "projections" | "clock">,
  source: LogSource,
  consumer: string,
  options: { batchSize: number; onProgress?: (progress: RebuildProgress) => void },
): Promise<RebuildProgress> {
  const started = performance.now();
  const progress = (events: number, batches: number): RebuildProgress => {
    const seconds = (performance.now() - started) / 1000;
    return { events, batches, seconds, eventsPerSecond: seconds > 0 ? events / seconds : 0 };
  };
  await deps.db.sqlTransaction((tx) => deps.projections.clear(tx, consumer));
  let events = 0;
  let batches = 0;
  for (;;) {
    const records = await source.next(options.batchSize);
    if (records.length === 0) break;
    const envelopes: ProjectedEvent[] = [];
    for (const record of records) {
      let envelope: EventEnvelope;
      try {
        envelope = decodeEnvelope(record.key, record.value, record.headers);
      } catch (error) {
        if (error instanceof UnknownEventError) continue;
        throw error;
      }
      if (isProjectedEvent(envelope)) envelopes.push(envelope);
    }
    await deps.db.sqlTransaction((tx) => applyEvents(deps, tx, consumer, envelopes));
    events += envelopes.length;
    batches += 1;
    options.onProgress?.(progress(events, batches));
  }
  return progress(events, batches);
}
