import type { ConsumerDefinition } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { recordSubscription } from "./record-subscription.use-case";

export const SUBSCRIPTION_CONSUMER = "identity.subscriptions";

/** The subscription projection (billing's plan facts the user payload carries) follows billing's SubscriptionChanged. */
export function onSubscriptionChangedHandler(deps: IdentityDeps): ConsumerDefinition {
  return {
    group: SUBSCRIPTION_CONSUMER,
    handlers: {
      SubscriptionChanged: (event) => recordSubscription(deps, SUBSCRIPTION_CONSUMER, event),
    },
  };
}
