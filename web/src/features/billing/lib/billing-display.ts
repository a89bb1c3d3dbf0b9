import { findPlan, planPriceCents, type BillingFrequency, type BillingResponse, type PlanName } from "@rebound/contracts/domain";
import { subscriptionStatusLabel, type SubscriptionLabel } from "@/shared/lib/status";

export const DATE_UNAVAILABLE = "Date unavailable";
export const DOWNLOAD_STAGGER_MS = 500;

/** Invoice amounts: cents divided by 100, shown to 2 decimals (docs/product.md section 9). */
export function formatInvoiceAmount(cents: number | null | undefined): string {
  const value = Number.isFinite(cents) ? (cents as number) / 100 : 0;
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** An epoch-seconds date as 'Jan 5, 2025'; anything unreadable is 'Date unavailable'. */
export function formatEpochDate(seconds: number | null | undefined): string {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) return DATE_UNAVAILABLE;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? DATE_UNAVAILABLE : date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** The invoice's display name: its number, else a short id. */
export function invoiceLabel(invoice: { number: string | null; id: string }): string {
  return invoice.number || `Invoice ${invoice.id.slice(-8)}`;
}

export function invoiceFileName(invoice: { number: string | null; id: string }): string {
  return `invoice-${(invoice.number ?? invoice.id).replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}

/** 'Paid' for paid invoices, the status capitalised otherwise. */
export function invoiceStatusLabel(status: string): string {
  return status === "paid" ? "Paid" : status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ");
}

export interface SubscriptionSummary {
  label: SubscriptionLabel;
  plan: PlanName;
  planName: string;
  frequency: BillingFrequency;
  /** Whole dollars per period, e.g. '$49/month'. */
  price: string;
  trialEnds: string | null;
  /** Next billing date, or when access ends once cancelled. */
  nextBilling: string | null;
  cancelScheduled: boolean;
}

/** What the status card shows (docs/product.md section 4's display rules). */
export function summarizeSubscription(billing: BillingResponse): SubscriptionSummary {
  const subscription = billing.subscription;
  const plan = subscription?.plan ?? billing.user.subscriptionPlan;
  const frequency = subscription?.billing_frequency ?? billing.user.billingFrequency;
  const definition = findPlan(plan);
  const trialEnd = subscription?.status === "trialing" ? subscription.trial_end : subscription ? null : billing.user.trialEndsAt;
  return {
    label: subscriptionStatusLabel(subscription, billing.user.subscriptionStatus),
    plan,
    planName: definition?.displayName ?? plan,
    frequency,
    price: planPrice(plan, frequency),
    trialEnds: trialEnd ? formatEpochDate(trialEnd) : null,
    nextBilling: subscription ? formatEpochDate(subscription.current_period_end) : null,
    cancelScheduled: Boolean(subscription?.cancel_at_period_end),
  };
}

/** '$49/month' or '$470/year' (USD without decimals). */
export function planPrice(plan: PlanName, frequency: BillingFrequency): string {
  const dollars = Math.round(planPriceCents(plan, frequency) / 100).toLocaleString("en-US");
  return `$${dollars}/${frequency === "yearly" ? "year" : "month"}`;
}
