import { formatUsd } from "./money";
import { forwardingTestLabel, formatPhoneNumber, subscriptionStatusLabel } from "./status";

describe("status display helpers", () => {
  it("shows a trialing or active subscription not set to cancel as Active", () => {
    expect(subscriptionStatusLabel({ status: "trialing", cancel_at_period_end: false })).toBe("Active");
    expect(subscriptionStatusLabel({ status: "active" })).toBe("Active");
  });
  it("shows a subscription set to cancel at period end as Cancelled", () => {
    expect(subscriptionStatusLabel({ status: "active", cancel_at_period_end: true })).toBe("Cancelled");
  });
  it("falls back to the user's own status (default trial), then Inactive", () => {
    expect(subscriptionStatusLabel(null)).toBe("Trial");
    expect(subscriptionStatusLabel(undefined, "trial")).toBe("Trial");
    expect(subscriptionStatusLabel(undefined, "active")).toBe("Active");
    expect(subscriptionStatusLabel(undefined, "past_due")).toBe("Inactive");
    expect(subscriptionStatusLabel({ status: "past_due" })).toBe("Inactive");
  });
  it("formats 11-digit numbers starting with 1 as (xxx) xxx-xxxx and leaves others alone", () => {
    expect(formatPhoneNumber("+15551234567")).toBe("(555) 123-4567");
    expect(formatPhoneNumber("+447700900123")).toBe("+447700900123");
  });
  it("labels the forwarding test states", () => {
    expect(["not-tested", "testing", "success", "failed"].map((s) => forwardingTestLabel(s as never))).toEqual([
      "Not Tested",
      "Testing...",
      "Success",
      "Failed",
    ]);
  });
  it("formats US dollars without decimals", () => {
    expect(formatUsd(12500)).toBe("$12,500");
    expect(formatUsd(2187.5)).toBe("$2,188");
  });
});

describe("phone number display (docs/product.md section 5)", () => {
  it("shows 11 digits starting with 1 as (xxx) xxx-xxxx however they are punctuated", () => {
    expect(formatPhoneNumber("+12125550123")).toBe("(212) 555-0123");
    expect(formatPhoneNumber("12125550123")).toBe("(212) 555-0123");
    expect(formatPhoneNumber("1 (212) 555-0123")).toBe("(212) 555-0123");
  });
  it("leaves 10-digit, other countries' and empty numbers as given", () => {
    expect(formatPhoneNumber("2125550123")).toBe("2125550123");
    expect(formatPhoneNumber("+442079460958")).toBe("+442079460958");
    expect(formatPhoneNumber("")).toBe("");
    expect(formatPhoneNumber(null)).toBe("");
  });
});
