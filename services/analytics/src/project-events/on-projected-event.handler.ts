import type { EventEnvelope } from "@rebound/contracts";
import type { EventHandlerMap } from "@rebound/platform";
import type { AnalyticsDeps } from "../analytics-deps";
import { isProjectedEvent, PROJECTED_EVENT_TYPES } from "../domain/facts";
import { ProjectionBatcher } from "./projection-batcher";

/**
 * One handler for every projected event type. Exactly once as with `db.processOnce` (the
 * processed_events mark commits with the writes), but batched (ProjectionBatcher) and through
 * the service's group commit: a missed call brings analytics six events, and on PGlite one
 * Prisma transaction each would cost the call path's shared connection 20-40 ms per call.
 */
export function onProjectedEventHandler(deps: AnalyticsDeps, consumer: string): EventHandlerMap {
  const batcher = new ProjectionBatcher(deps, consumer);
  const handle = async (event: EventEnvelope): Promise<void> => {
    if (isProjectedEvent(event)) await batcher.apply(event);
  };
  return Object.fromEntries(PROJECTED_EVENT_TYPES.map((type) => [type, handle])) as EventHandlerMap;
}
