import { billingFrequencyFromName, billingFrequencyName, entitlementStatusOf, planFromName, planName, type billingV1 } from "@rebound/contracts";

/** Every plan starts with a 14-day trial (docs/product.md section 9). */
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

/**
 * The user's own subscriptionStatus column: contracts' reading of billing's status
 * (entitlementStatusOf), spelt 'trial' while trialing, as the column's spec default is; a status
 * billing did not name (unspecified, or newer than this build) is written as that default too.
 */
export function subscriptionStatusName(status: billingV1.SubscriptionStatus): string {
  const name = entitlementStatusOf(status);
  return name === "trialing" || name === "unknown" ? "trial" : name;
}
