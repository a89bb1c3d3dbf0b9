import { monthlyCallCap, type PlanName } from "./domain/plans";

export type { PlanName } from "./domain/plans";
import { BillingFrequency, Plan } from "./gen/rebound/common/v1/common_pb";
import { SubscriptionStatus } from "./gen/rebound/billing/v1/events_pb";
import type { EntitlementStatus } from "./domain/entitlement";

export function planFromName(name: string): Plan {
  switch (name) {
    case "starter":
      return Plan.STARTER;
    case "professional":
      return Plan.PROFESSIONAL;
    case "custom":
    case "enterprise":
      return Plan.ENTERPRISE;
    default:
      return Plan.UNSPECIFIED;
  }
}

export function planName(plan: Plan): PlanName {
  switch (plan) {
    case Plan.STARTER:
      return "starter";
    case Plan.ENTERPRISE:
      return "enterprise";
    default:
      return "professional";
  }
}

/** Missed calls a month that each plan texts back (spec section 9). */
export const PLAN_MONTHLY_CAP: Record<PlanName, number> = {
  starter: monthlyCallCap("starter"),
  professional: monthlyCallCap("professional"),
  enterprise: monthlyCallCap("enterprise"),
};

export function billingFrequencyFromName(name: string): BillingFrequency {
  return name === "yearly" ? BillingFrequency.YEARLY : BillingFrequency.MONTHLY;
}

export function billingFrequencyName(value: BillingFrequency): "monthly" | "yearly" {
  return value === BillingFrequency.YEARLY ? "yearly" : "monthly";
}

/** SubscriptionChanged's status as the entitlement rule reads it (contracts' domain/entitlement). */
export function entitlementStatusOf(status: SubscriptionStatus): EntitlementStatus {
  switch (status) {
    case SubscriptionStatus.TRIALING:
      return "trialing";
    case SubscriptionStatus.ACTIVE:
      return "active";
    case SubscriptionStatus.PAST_DUE:
      return "past_due";
    case SubscriptionStatus.CANCELED:
      return "canceled";
    case SubscriptionStatus.INCOMPLETE:
      return "incomplete";
    case SubscriptionStatus.UNPAID:
      return "unpaid";
    default:
      return "unknown";
  }
}
