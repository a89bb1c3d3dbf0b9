import { billingFrequencyName, planName, timestampDate, type EventEnvelope } from "@rebound/contracts";
import type { ConsumerDefinition } from "@rebound/platform";
import { subscriptionStatusName } from "../domain/subscription";
import type { IdentityContext } from "../identity-context";

export const SUBSCRIPTION_CONSUMER = "identity.subscriptions";

/** The user's subscription columns are a read model of billing's SubscriptionChanged (the full state each time). */
export function subscriptionConsumer(ctx: IdentityContext): ConsumerDefinition {
  return {
    group: SUBSCRIPTION_CONSUMER,
    handlers: {
      SubscriptionChanged: (event) => onSubscriptionChanged(ctx, event),
    },
  };
}

export async function onSubscriptionChanged(ctx: IdentityContext, event: EventEnvelope<"SubscriptionChanged">): Promise<void> {
  const change = event.payload;
  const user = await ctx.users.findById(change.userId);
  if (!user) {
    ctx.logger.warn({ userId: change.userId, eventId: event.id }, "subscription change for an unknown user ignored");
    return;
  }
  await ctx.db.processOnce(SUBSCRIPTION_CONSUMER, event.id, async (tx) => {
    await ctx.users.update(tx, user.id, {
      subscriptionPlan: planName(change.plan),
      billingFrequency: billingFrequencyName(change.billingFrequency),
      subscriptionStatus: subscriptionStatusName(change.status),
      ...(change.trialEndsAt ? { trialEndsAt: timestampDate(change.trialEndsAt) } : {}),
      stripeCustomerId: change.providerCustomerId || null,
      stripeSubscriptionId: change.providerSubscriptionId || null,
    });
  });
}
