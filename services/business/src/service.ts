import type { ConsumerDefinition, PlatformRuntime, ServiceDefinition } from "@rebound/platform";
import type { BusinessDeps } from "./business-deps";
import { onUserRegistered } from "./create-business/on-user-registered.handler";
import { createBusinessRouter } from "./http/business-router";
import { createBusinessDb } from "./store/business-db";
import { BusinessRepository } from "./store/business.repository";
import { onUserProfileChanged } from "./sync-owner/on-user-profile-changed.handler";
import { onForwardingTestCompleted } from "./telephony-view/on-forwarding-test-completed.handler";
import { onPhoneNumberPurchased } from "./telephony-view/on-phone-number-purchased.handler";
import { onPhoneNumberReleased } from "./telephony-view/on-phone-number-released.handler";

export const USERS_CONSUMER = "business.users";
export const TELEPHONY_CONSUMER = "business.telephony";

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

  const users: ConsumerDefinition = {
    group: USERS_CONSUMER,
    handlers: {
      UserRegistered: onUserRegistered(deps, USERS_CONSUMER),
      UserProfileChanged: onUserProfileChanged(deps, USERS_CONSUMER),
    },
  };
  const telephony: ConsumerDefinition = {
    group: TELEPHONY_CONSUMER,
    handlers: {
      PhoneNumberPurchased: onPhoneNumberPurchased(deps, TELEPHONY_CONSUMER),
      PhoneNumberReleased: onPhoneNumberReleased(deps, TELEPHONY_CONSUMER),
      ForwardingTestCompleted: onForwardingTestCompleted(deps, TELEPHONY_CONSUMER),
    },
  };

  return {
    name: "business",
    router: createBusinessRouter(deps, runtime.config.INTERNAL_AUTH_SECRET),
    consumers: [users, telephony],
    jobs: [],
  };
}
