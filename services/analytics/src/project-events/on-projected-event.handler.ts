import type { EventEnvelope } from "@rebound/contracts";
import type { ConsumerDefinition, EventHandlerMap } from "@rebound/platform";
import type { AnalyticsDeps } from "../analytics-deps";
import { PROJECTED_EVENT_TYPES } from "../domain/facts";
import { projectEvent } from "./project-event.use-case";
import { ProjectionBatcher } from "./projection-batcher";

/** The consumer group of the projections; its processed_events rows carry the same name. */
export const PROJECTIONS_CONSUMER = "analytics.projections";

/** Events in flight to the projections at once (the batcher writes what arrives together as one transaction). */
const PROJECTIONS_CONCURRENCY = 256;

/** One handler for every projected event type. */
export function onProjectedEventHandler(deps: AnalyticsDeps): ConsumerDefinition {
  const batcher = new ProjectionBatcher(deps, PROJECTIONS_CONSUMER, deps.config.ANALYTICS_PROJECTION_LINGER_MS);
  const handle = (event: EventEnvelope) => projectEvent(batcher, event);
  return {
    group: PROJECTIONS_CONSUMER,
    handlers: Object.fromEntries(PROJECTED_EVENT_TYPES.map((type) => [type, handle])) as EventHandlerMap,
    // The projections are idempotent and order-independent, so one business's events need not
    // wait for each other: the embedded bus hands them over together and the batcher writes them
    // in one transaction (a burst of one business's texts caught up one event per write before).
    unordered: true,
    concurrency: PROJECTIONS_CONCURRENCY,
  };
}
