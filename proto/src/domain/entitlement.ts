// What a subscription buys: a dedicated number and texts to callers. One rule, read by billing
// (what it sells), telephony (number purchase, the voice answer) and messaging (each text).

import { SUBSCRIPTION_STATUS_NAMES } from "./billing-response";

/**
 * A subscription's status as the services see it. "none": the account has no subscription at all
 * (signed up without a card and never checked out); "unknown": a status this build cannot name;
 * the others are the provider's statuses (SUBSCRIPTION_STATUS_NAMES).
 */
export const ENTITLEMENT_STATUSES = ["none", ...SUBSCRIPTION_STATUS_NAMES, "unknown"] as const;
export type EntitlementStatus = (typeof ENTITLEMENT_STATUSES)[number];

/**
 * In good standing: trialing, active, or past due. Past due is the grace period: the provider is
 * still retrying the failed payment (Stripe's smart retries, the local provider's schedule); when
 * the retries run out the status becomes unpaid or canceled and the service stops.
 */
export function isInGoodStanding(status: EntitlementStatus): boolean {
  return status === "trialing" || status === "active" || status === "past_due";
}

/** POST /api/phone-numbers/purchase without a subscription in good standing (402). */
export const CHOOSE_PLAN_FOR_NUMBER_MESSAGE = "Choose a plan to get your dedicated number.";

/**
 * The status an account starts with before billing has said anything: sign-up with a confirmed
 * card starts the trial (billing confirms it with SubscriptionChanged); without one, nothing.
 */
export function statusAtSignup(paymentMethodId: string): EntitlementStatus {
  return paymentMethodId.trim() === "" ? "none" : "trialing";
}
