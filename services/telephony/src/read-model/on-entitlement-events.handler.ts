import type { ConsumerDefinition } from "@rebound/platform";
import type { TelephonyDeps } from "../telephony-deps";
import { applyEntitlementEvent } from "./apply-entitlement-event.use-case";

export const ENTITLEMENTS_GROUP = "telephony.entitlements";

/** Each user's entitlement (sign-up status, then billing's) for the number purchase and the voice answer. */
export function onEntitlementEventsHandler(deps: TelephonyDeps): ConsumerDefinition {
  return {
    group: ENTITLEMENTS_GROUP,
    handlers: {
      UserRegistered: (event) => applyEntitlementEvent(deps, ENTITLEMENTS_GROUP, event),
      SubscriptionChanged: (event) => applyEntitlementEvent(deps, ENTITLEMENTS_GROUP, event),
    },
  };
}
