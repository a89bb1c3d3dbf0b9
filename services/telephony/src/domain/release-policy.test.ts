import { billingV1 } from "@rebound/contracts";
import { reactToSubscription, releaseDate } from "./release-policy";

const { SubscriptionStatus } = billingV1;

describe("release policy", () => {
  it.each([
    [SubscriptionStatus.CANCELED, "schedule-release"],
    [SubscriptionStatus.ACTIVE, "cancel-release"],
    [SubscriptionStatus.TRIALING, "cancel-release"],
    [SubscriptionStatus.PAST_DUE, "none"],
    [SubscriptionStatus.UNPAID, "none"],
    [SubscriptionStatus.INCOMPLETE, "none"],
    [SubscriptionStatus.UNSPECIFIED, "none"],
  ])("given subscription status %s, when reacting, then %s", (status, reaction) => {
    expect(reactToSubscription(status)).toBe(reaction);
  });

  it("given an end date, when computing the release date, then the grace days later", () => {
    expect(releaseDate(new Date("2026-01-31T10:00:00Z"), 30)).toEqual(new Date("2026-03-02T10:00:00Z"));
  });
});
