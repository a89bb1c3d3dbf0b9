import type { BillingResponse, BillingSubscription } from "@rebound/contracts/domain";

/** GET /api/billing's answer for an account without a subscription (null) or with one in `status`. */
export function billingAnswer(status: BillingSubscription["status"] | null, user: Partial<BillingResponse["user"]> = {}): BillingResponse {
  return {
    user: {
      id: "u1",
      email: "pat@example.com",
      subscriptionPlan: "professional",
      subscriptionStatus: status ?? "none",
      billingFrequency: "monthly",
      trialEndsAt: null,
      ...user,
    },
    subscription:
      status === null
        ? null
        : {
            id: "sub_1",
            status,
            cancel_at_period_end: false,
            current_period_start: 1_700_000_000,
            current_period_end: 1_702_000_000,
            trial_end: null,
            plan: "professional",
            billing_frequency: "monthly",
            plan_amount: 4900,
            has_dedicated_number: false,
          },
    customer: null,
    paymentMethods: [],
    invoices: [],
  };
}

/** GET /api/auth/user's answer for a signed-in owner. */
export function signedInUser(overrides: Record<string, unknown> = {}) {
  return {
    id: "u1",
    email: "pat@example.com",
    firstName: "Pat",
    lastName: "Owner",
    isEmailVerified: true,
    subscriptionPlan: "professional",
    subscriptionStatus: "none",
    billingFrequency: "monthly",
    trialEndsAt: "",
    hasSeenTutorial: true,
    ...overrides,
  };
}
