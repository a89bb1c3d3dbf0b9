import type { EventEnvelope } from "@rebound/contracts";
import { defaultPlan, planOfChange } from "../domain/subscription-projection";
import type { IdentityDeps } from "../identity-deps";

/**
 * Billing's SubscriptionChanged (the full state each time) into the account's row of the
 * subscription projection, once. Identity decides nothing here: it keeps what billing says, for
 * the user payload.
 */
export async function recordSubscription(deps: IdentityDeps, consumer: string, event: EventEnvelope<"SubscriptionChanged">): Promise<void> {
  const change = event.payload;
  const user = await deps.users.findById(change.userId);
  if (!user) {
    deps.logger.warn({ userId: change.userId, eventId: event.id }, "subscription change for an unknown user ignored");
    return;
  }
  const now = deps.clock.now();
  await deps.db.processOnce(consumer, event.id, async (tx) => {
    await deps.subscriptions.apply(tx, user.id, planOfChange(change), defaultPlan(user.createdAt).trialEndsAt, now);
  });
}
