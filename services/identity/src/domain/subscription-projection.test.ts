import { billingV1, commonV1, timestampFromDate } from "@rebound/contracts";
import { defaultPlan, planOfChange, signupPlan, statusName } from "./subscription-projection";

const { SubscriptionStatus } = billingV1;
const REGISTERED = new Date("2026-03-02T15:00:00.000Z");

describe("the subscription projection: billing's facts as the user payload reads them", () => {
  it.each([
    [SubscriptionStatus.UNSPECIFIED, "trial"],
    [SubscriptionStatus.TRIALING, "trial"],
    [SubscriptionStatus.ACTIVE, "active"],
    [SubscriptionStatus.PAST_DUE, "past_due"],
    [SubscriptionStatus.CANCELED, "canceled"],
    [SubscriptionStatus.INCOMPLETE, "incomplete"],
    [SubscriptionStatus.UNPAID, "unpaid"],
  ])("given billing's status %i, when projected, then the payload reads %s", (status, name) => {
    expect(statusName(status)).toBe(name);
  });

  it.each([
    ["starter", "starter"],
    ["professional", "professional"],
    ["custom", "enterprise"],
  ] as const)("given the sign-up plan %j, when seeded, then billing's name %s, in trial for 14 days", (chosen, plan) => {
    expect(signupPlan({ subscriptionPlan: chosen, billingFrequency: "yearly" }, REGISTERED)).toEqual({
      plan,
      status: "trial",
      billingFrequency: "yearly",
      trialEndsAt: new Date("2026-03-16T15:00:00.000Z"),
    });
  });

  it("given no projection row, when read, then the spec's defaults with the trial counted from registration", () => {
    expect(defaultPlan(REGISTERED)).toEqual({
      plan: "starter",
      status: "trial",
      billingFrequency: "monthly",
      trialEndsAt: new Date("2026-03-16T15:00:00.000Z"),
    });
  });

  it("given a SubscriptionChanged, when projected, then plan, frequency, status and trial end; without a trial end, none is given", () => {
    const trialEnd = new Date("2026-04-01T00:00:00.000Z");
    const change = {
      plan: commonV1.Plan.ENTERPRISE,
      billingFrequency: commonV1.BillingFrequency.YEARLY,
      status: SubscriptionStatus.ACTIVE,
      trialEndsAt: timestampFromDate(trialEnd),
    };
    expect(planOfChange(change)).toEqual({ plan: "enterprise", billingFrequency: "yearly", status: "active", trialEndsAt: trialEnd });
    const trialing = { plan: commonV1.Plan.UNSPECIFIED, billingFrequency: commonV1.BillingFrequency.UNSPECIFIED, status: SubscriptionStatus.TRIALING };
    expect(planOfChange(trialing)).toEqual({
      plan: "professional",
      billingFrequency: "monthly",
      status: "trial",
    });
  });
});
