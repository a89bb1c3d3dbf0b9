import type { EventEnvelope } from "@rebound/contracts";
import { isProjectedEvent } from "../domain/facts";
import type { ProjectionBatcher } from "./projection-batcher";

/**
 * Folds one event into the projections. Exactly once as with `db.processOnce` (the
 * processed_events mark commits with the writes), but batched (ProjectionBatcher) and through
 * the service's group commit: a missed call brings analytics six events, and on PGlite one
 * Prisma transaction each would cost the call path's shared connection 20-40 ms per call.
 */
export async function projectEvent(batcher: ProjectionBatcher, event: EventEnvelope): Promise<void> {
  if (isProjectedEvent(event)) await batcher.apply(event);
}
