import type { SqlExecutor } from "@rebound/platform";
import type { AnalyticsDeps } from "../analytics-deps";
import { factsOf, type ProjectedEvent } from "../domain/facts";
import { foldFacts, keysOf } from "../domain/fold";

/**
 * Applies events to the projections in the caller's transaction: each event at most once per
 * consumer (processed_events), the rows it touches merged order-independently, the counters
 * moved by what changed. Returns the businesses whose projections changed.
 */
export async function applyEvents(
  deps: Pick<AnalyticsDeps, "projections">,
  tx: SqlExecutor,
  consumer: string,
  events: readonly ProjectedEvent[],
): Promise<Set<string>> {
  const fresh = await deps.projections.markProcessed(
    tx,
    consumer,
    events.map((event) => event.id),
  );
  const seen = new Set<string>();
  const facts = events
    .filter((event) => {
      const id = event.id.toLowerCase();
      if (!fresh.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .flatMap(factsOf);
  if (facts.length === 0) return new Set();
  const loaded = await deps.projections.load(tx, keysOf(facts));
  const { changed, counters, businesses } = foldFacts(loaded, facts);
  await deps.projections.save(tx, changed);
  await deps.projections.addToCounters(tx, counters);
  return businesses;
}
