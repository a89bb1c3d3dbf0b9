import { billingV1, billingFrequencyFromName, billingFrequencyName, planFromName, planName } from "@rebound/contracts";

/** Every plan starts with a 14-day trial (spec section 9). */
import { TRIAL_DAYS } from "@rebound/contracts/domain";

/**
 * Until billing reports the subscription, the user's trial ends 14 days after
 * registration (the spec's column default "now" would show an already ended trial).
 */
export function trialEndsAt(registeredAt: Date): Date {
  return new Date(registeredAt.getTime() + TRIAL_DAYS * 24 * 60 * 60_000);
}

/** Canonical stored plan name: sign-up's 'custom' is the enterprise plan, as billing names it. */
export function storedPlanName(name: string): string {
  return planName(planFromName(name));
}

export function storedFrequencyName(name: string): "monthly" | "yearly" {
  return billingFrequencyName(billingFrequencyFromName(name));
}

/** The user's own subscriptionStatus column: 'trial' while trialing (spec default), else billing's state. */
export function subscriptionStatusName(status: billingV1.SubscriptionStatus): string {
  const Status = billingV1.SubscriptionStatus;
  switch (status) {
    case Status.TRIALING:
    case Status.UNSPECIFIED:
      return "trial";
    case Status.ACTIVE:
      return "active";
    case Status.PAST_DUE:
      return "past_due";
    case Status.CANCELED:
      return "canceled";
    case Status.INCOMPLETE:
      return "incomplete";
    case Status.UNPAID:
      return "unpaid";
    default: {
      const unknown: never = status;
      return String(unknown);
    }
  }
}
