import { billingV1 } from "@rebound/contracts";
import { storedPlanName, subscriptionStatusName } from "./subscription";

const { SubscriptionStatus } = billingV1;

describe("the user's subscription columns", () => {
  it.each([
    [SubscriptionStatus.UNSPECIFIED, "trial"],
    [SubscriptionStatus.TRIALING, "trial"],
    [SubscriptionStatus.ACTIVE, "active"],
    [SubscriptionStatus.PAST_DUE, "past_due"],
    [SubscriptionStatus.CANCELED, "canceled"],
    [SubscriptionStatus.INCOMPLETE, "incomplete"],
    [SubscriptionStatus.UNPAID, "unpaid"],
  ])("given billing's status %i, when stored, then the column reads %s", (status, column) => {
    expect(subscriptionStatusName(status)).toBe(column);
  });

  it.each([
    ["starter", "starter"],
    ["professional", "professional"],
    ["custom", "enterprise"],
    ["enterprise", "enterprise"],
    ["", "professional"],
  ])("given the sign-up plan %j, when stored, then the column reads %s", (name, stored) => {
    expect(storedPlanName(name)).toBe(stored);
  });
});
