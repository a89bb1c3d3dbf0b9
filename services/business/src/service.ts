import type { PlatformRuntime, ServiceDefinition } from "@rebound/platform";
import type { BusinessDeps } from "./business-deps";
import { onUserEventsHandler } from "./create-business/on-user-events.handler";
import { createBusinessRouter } from "./http/business-router";
import { onTelephonyEventsHandler } from "./read-model/on-telephony-events.handler";
import { createBusinessDb } from "./store/business-db";
import { BusinessRepository } from "./store/business.repository";

export { USERS_CONSUMER } from "./create-business/on-user-events.handler";
export { TELEPHONY_CONSUMER } from "./read-model/on-telephony-events.handler";

/**
 * Business: one business per user (created from UserRegistered), its profile, messages, hours
 * and time zone, the templates catalogue, and a read model of the user's dedicated number.
 * Needs nothing beyond the platform runtime (its database, bus, clock and INTERNAL_AUTH_SECRET).
 */
export function createBusinessService(runtime: PlatformRuntime): ServiceDefinition {
  const db = createBusinessDb(runtime);
  const deps: BusinessDeps = {
    db,
    businesses: new BusinessRepository(db),
    clock: runtime.clock,
    logger: runtime.logger.child({ service: "business" }),
  };

  return {
    name: "business",
    router: createBusinessRouter(deps, runtime.config.INTERNAL_AUTH_SECRET),
    consumers: [onUserEventsHandler(deps), onTelephonyEventsHandler(deps)],
    jobs: [],
  };
}
