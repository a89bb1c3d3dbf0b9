import type { ConsumerDefinition } from "@rebound/platform";
import type { TelephonyDeps } from "../telephony-deps";
import { scheduleRelease } from "./schedule-release.use-case";

export const SUBSCRIPTION_GROUP = "telephony.subscriptions";

/** A subscription that ends schedules its number's release; one that comes back cancels it. */
export function onSubscriptionChangedHandler(deps: TelephonyDeps): ConsumerDefinition {
  return {
    group: SUBSCRIPTION_GROUP,
    handlers: {
      SubscriptionChanged: (event) => scheduleRelease(deps, SUBSCRIPTION_GROUP, event),
    },
  };
}
