import { timestampDate, type EventEnvelope } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { reactToSubscription, releaseDate } from "../domain/release-policy";
import type { TelephonyDeps } from "../telephony-deps";

/**
 * SubscriptionChanged (key: user id): canceled schedules the release of the
 * user's dedicated number NUMBER_RELEASE_GRACE_DAYS after the change; trialing
 * or active again cancels a scheduled release.
 */
export async function scheduleRelease(deps: TelephonyDeps, consumer: string, event: EventEnvelope<"SubscriptionChanged">): Promise<void> {
  const reaction = reactToSubscription(event.payload.status);
  if (reaction === "none") return;
  const userId = event.payload.userId;
  const changedAt = event.payload.changedAt ? timestampDate(event.payload.changedAt) : event.occurredAt;
  await deps.db.processOnce(consumer, event.id, async (tx) => {
    if (reaction === "cancel-release") {
      const cancelled = await deps.releases.cancelScheduled(tx, userId, deps.clock.now());
      if (cancelled > 0) deps.logger.info({ userId, cancelled }, "number release cancelled: subscription is back");
      return;
    }
    for (const number of await deps.phoneNumbers.findByUser(tx, userId)) {
      const scheduledReleaseDate = releaseDate(changedAt, deps.config.NUMBER_RELEASE_GRACE_DAYS);
      const outcome = await deps.releases.schedule(tx, {
        id: randomUUID(),
        userId,
        businessId: number.businessId,
        phoneNumber: number.phoneNumber,
        providerSid: number.providerSid,
        scheduledReleaseDate,
      });
      if (outcome === "scheduled") deps.logger.info({ userId, phoneNumber: number.phoneNumber, scheduledReleaseDate }, "number release scheduled");
    }
  });
}
