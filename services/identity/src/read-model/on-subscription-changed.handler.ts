import { billingFrequencyName, planName, timestampDate } from "@rebound/contracts";
import type { ConsumerDefinition } from "@rebound/platform";
import { subscriptionStatusName } from "../domain/subscription";
import type { IdentityDeps } from "../identity-deps";

export const SUBSCRIPTION_CONSUMER = "identity.subscriptions";

/** The user's subscription columns are a read model of billing's SubscriptionChanged (the full state each time). */
export function onSubscriptionChangedHandler(deps: IdentityDeps): ConsumerDefinition {
  return {
    group: SUBSCRIPTION_CONSUMER,
    handlers: {
      SubscriptionChanged: async (event) => {
        const change = event.payload;
        const user = await deps.users.findById(change.userId);
        if (!user) {
          deps.logger.warn({ userId: change.userId, eventId: event.id }, "subscription change for an unknown user ignored");
          return;
        }
        await deps.db.processOnce(SUBSCRIPTION_CONSUMER, event.id, async (tx) => {
          await deps.users.update(tx, user.id, {
            subscriptionPlan: planName(change.plan),
            billingFrequency: billingFrequencyName(change.billingFrequency),
            subscriptionStatus: subscriptionStatusName(change.status),
            ...(change.trialEndsAt ? { trialEndsAt: timestampDate(change.trialEndsAt) } : {}),
            stripeCustomerId: change.providerCustomerId || null,
            stripeSubscriptionId: change.providerSubscriptionId || null,
          });
        });
      },
    },
  };
}
