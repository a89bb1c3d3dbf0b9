import { billingV1 } from "@rebound/contracts";

const { SubscriptionStatus } = billingV1;

export type SubscriptionReaction = "schedule-release" | "cancel-release" | "none";

/**
 * A canceled subscription schedules the number's release; trialing or active
 * again cancels it. Past due, unpaid and incomplete change nothing: billing is
 * still collecting, and the number keeps working meanwhile.
 */
export function reactToSubscription(status: billingV1.SubscriptionStatus): SubscriptionReaction {
  switch (status) {
    case SubscriptionStatus.CANCELED:
      return "schedule-release";
    case SubscriptionStatus.ACTIVE:
    case SubscriptionStatus.TRIALING:
      return "cancel-release";
    default:
      return "none";
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The number is released `graceDays` after the subscription ended, so a returning owner keeps it. */
export function releaseDate(endedAt: Date, graceDays: number): Date {
  return new Date(endedAt.getTime() + graceDays * DAY_MS);
}
