import { billingFrequencyName, planName, timestampDate, type EventEnvelope } from "@rebound/contracts";
import { subscriptionStatusName } from "../domain/subscription";
import type { IdentityDeps } from "../identity-deps";

/** Copies billing's SubscriptionChanged (the full state each time) into the user's subscription columns, once. */
export async function recordSubscription(deps: IdentityDeps, consumer: string, event: EventEnvelope<"SubscriptionChanged">): Promise<void> {
  const change = event.payload;
  const user = await deps.users.findById(change.userId);
  if (!user) {
    deps.logger.warn({ userId: change.userId, eventId: event.id }, "subscription change for an unknown user ignored");
    return;
  }
  await deps.db.processOnce(consumer, event.id, async (tx) => {
    await deps.users.update(tx, user.id, {
      subscriptionPlan: planName(change.plan),
      billingFrequency: billingFrequencyName(change.billingFrequency),
      subscriptionStatus: subscriptionStatusName(change.status),
      ...(change.trialEndsAt ? { trialEndsAt: timestampDate(change.trialEndsAt) } : {}),
      stripeCustomerId: change.providerCustomerId || null,
      stripeSubscriptionId: change.providerSubscriptionId || null,
    });
  });
}
