import type { BillingResponse, BillingSubscription } from "@rebound/contracts/domain";
import { checkoutPath, checkoutTarget, noSubscriptionLine, PLAN_NOTICE_TEXT, planNotice } from "./plan-notice";

const subscription = (status: BillingSubscription["status"]): Pick<BillingResponse, "subscription"> => ({
  subscription: {
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
});

describe("plan notice", () => {
  it("given billing has not answered (loading or failed), then there is no notice", () => {
    expect(planNotice(undefined)).toBeNull();
    expect(planNotice(null)).toBeNull();
  });

  it("given no subscription, then the owner is asked to choose a plan", () => {
    expect(planNotice({ subscription: null })).toBe("choose-plan");
    expect(PLAN_NOTICE_TEXT["choose-plan"].title).toBe("Choose a plan to start texting back your missed callers.");
    expect(PLAN_NOTICE_TEXT["choose-plan"].description).toContain("14-day trial for $1");
  });

  it("given a subscription in good standing (trialing, active, past due), then there is no notice", () => {
    for (const status of ["trialing", "active", "past_due"] as const) expect(planNotice(subscription(status))).toBeNull();
  });

  it("given a subscription that ended (canceled, unpaid, incomplete, incomplete_expired), then it says so", () => {
    for (const status of ["canceled", "unpaid", "incomplete", "incomplete_expired"] as const) expect(planNotice(subscription(status))).toBe("ended");
    expect(PLAN_NOTICE_TEXT.ended.title).toBe("Your subscription has ended: missed calls are not being texted back.");
  });
});

describe("checkout target", () => {
  it("is the sign-up plan and frequency, enterprise as custom", () => {
    expect(checkoutTarget({ subscriptionPlan: "starter", billingFrequency: "yearly" })).toEqual({ plan: "starter", frequency: "yearly" });
    expect(checkoutTarget({ subscriptionPlan: "enterprise", billingFrequency: "monthly" })).toEqual({ plan: "custom", frequency: "monthly" });
    expect(checkoutPath(checkoutTarget({ subscriptionPlan: "enterprise", billingFrequency: "yearly" }))).toBe("/checkout/custom/yearly");
  });

  it("defaults to professional, monthly for a missing or unknown plan or frequency", () => {
    expect(checkoutTarget(null)).toEqual({ plan: "professional", frequency: "monthly" });
    expect(checkoutTarget({ subscriptionPlan: "gold", billingFrequency: "weekly" })).toEqual({ plan: "professional", frequency: "monthly" });
    expect(checkoutPath(checkoutTarget(undefined))).toBe("/checkout/professional/monthly");
  });
});

describe("no-subscription line", () => {
  it("counts the missed calls that were not texted", () => {
    expect(noSubscriptionLine(3)).toBe("3 missed calls were not texted back because your account has no active subscription.");
    expect(noSubscriptionLine(1)).toBe("1 missed call was not texted back because your account has no active subscription.");
  });
});
