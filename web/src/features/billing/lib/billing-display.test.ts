import type { BillingResponse } from "@rebound/contracts/domain";
import { subscriptionStatusLabel } from "@/shared/lib/status";
import {
  DATE_UNAVAILABLE,
  formatEpochDate,
  formatInvoiceAmount,
  invoiceFileName,
  invoiceLabel,
  invoiceStatusLabel,
  planPrice,
  summarizeSubscription,
} from "./billing-display";

const JAN_15_2025 = Date.UTC(2025, 0, 15, 12) / 1000;

function billing(subscription: Partial<NonNullable<BillingResponse["subscription"]>> | null, userStatus = "trial"): BillingResponse {
  return {
    user: {
      id: "u1",
      email: "pat@example.com",
      subscriptionPlan: "professional",
      subscriptionStatus: userStatus,
      billingFrequency: "monthly",
      trialEndsAt: JAN_15_2025,
    },
    subscription:
      subscription === null
        ? null
        : {
            id: "sub_1",
            status: "trialing",
            cancel_at_period_end: false,
            current_period_start: JAN_15_2025 - 86_400 * 14,
            current_period_end: JAN_15_2025,
            trial_end: JAN_15_2025,
            plan: "professional",
            billing_frequency: "monthly",
            plan_amount: 4900,
            has_dedicated_number: false,
            ...subscription,
          },
    customer: null,
    paymentMethods: [],
    invoices: [],
  };
}

describe("subscription status display (docs/product.md section 4)", () => {
  it("shows trialing or active not set to cancel as Active", () => {
    expect(summarizeSubscription(billing({ status: "trialing" })).label).toBe("Active");
    expect(summarizeSubscription(billing({ status: "active" })).label).toBe("Active");
  });

  it("shows a subscription set to cancel at period end as Cancelled, with access until the period end", () => {
    const summary = summarizeSubscription(billing({ status: "active", cancel_at_period_end: true }));
    expect(summary.label).toBe("Cancelled");
    expect(summary.cancelScheduled).toBe(true);
    expect(summary.nextBilling).toBe("Jan 15, 2025");
  });

  it("without subscription data uses the user's own status (default trial), then Inactive", () => {
    expect(summarizeSubscription(billing(null, "trial")).label).toBe("Trial");
    expect(subscriptionStatusLabel(null, null)).toBe("Trial");
    expect(summarizeSubscription(billing(null, "past_due")).label).toBe("Inactive");
    expect(summarizeSubscription(billing({ status: "past_due" })).label).toBe("Inactive");
  });

  it("gives the trial end while trialing and the plan's price for the current frequency", () => {
    const summary = summarizeSubscription(billing({ status: "trialing", billing_frequency: "yearly", plan: "starter" }));
    expect(summary.trialEnds).toBe("Jan 15, 2025");
    expect(summary.price).toBe("$278/year");
    expect(summary.planName).toBe("Starter");
    expect(summarizeSubscription(billing({ status: "active", trial_end: null })).trialEnds).toBeNull();
  });
});

describe("invoice formatting (docs/product.md sections 8 and 9)", () => {
  it("shows cents as dollars to 2 decimals", () => {
    expect(formatInvoiceAmount(100)).toBe("$1.00");
    expect(formatInvoiceAmount(4900)).toBe("$49.00");
    expect(formatInvoiceAmount(239_000)).toBe("$2,390.00");
    expect(formatInvoiceAmount(1234)).toBe("$12.34");
  });

  it("shows 'Date unavailable' for bad dates", () => {
    expect(formatEpochDate(JAN_15_2025)).toBe("Jan 15, 2025");
    expect(formatEpochDate(Number.NaN)).toBe(DATE_UNAVAILABLE);
    expect(formatEpochDate(null)).toBe(DATE_UNAVAILABLE);
    expect(formatEpochDate(0)).toBe(DATE_UNAVAILABLE);
    expect(formatEpochDate(1e20)).toBe(DATE_UNAVAILABLE);
    expect(DATE_UNAVAILABLE).toBe("Date unavailable");
  });

  it("names invoices and their files", () => {
    expect(invoiceLabel({ number: "RB-0001", id: "in_123" })).toBe("RB-0001");
    expect(invoiceLabel({ number: null, id: "in_abcdefgh12345678" })).toBe("Invoice 12345678");
    expect(invoiceFileName({ number: "RB 0001/2", id: "x" })).toBe("invoice-RB00012.pdf");
    expect(invoiceStatusLabel("paid")).toBe("Paid");
    expect(invoiceStatusLabel("open")).toBe("Open");
  });

  it("prices plans in whole dollars per period", () => {
    expect(planPrice("professional", "monthly")).toBe("$49/month");
    expect(planPrice("enterprise", "yearly")).toBe("$2,390/year");
  });
});
