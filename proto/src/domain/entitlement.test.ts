import { ENTITLEMENT_STATUSES, isInGoodStanding, statusAtSignup } from "./entitlement";

describe("entitlement", () => {
  it.each([
    ["trialing", true],
    ["active", true],
    ["past_due", true],
    ["none", false],
    ["canceled", false],
    ["incomplete", false],
    ["incomplete_expired", false],
    ["unpaid", false],
    ["unknown", false],
  ] as const)("%s is in good standing: %s", (status, expected) => {
    expect(isInGoodStanding(status)).toBe(expected);
  });

  it("names every status in the table above", () => {
    expect(ENTITLEMENT_STATUSES).toHaveLength(9);
  });

  it("starts a card sign-up trialing and a sign-up without a card with nothing", () => {
    expect(statusAtSignup("pm_card_visa")).toBe("trialing");
    expect(statusAtSignup("")).toBe("none");
    expect(statusAtSignup("  ")).toBe("none");
  });
});
