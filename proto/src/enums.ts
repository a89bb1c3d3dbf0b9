import { DEFAULT_SIGN_UP_PLAN, monthlyCallCap, type PlanName } from "./domain/plans";

export type { PlanName } from "./domain/plans";
import { BillingFrequency, DayOfWeek, Plan, type DayHours as DayHoursMessage } from "./gen/rebound/common/v1/common_pb";
import { DAY_NAMES, DEFAULT_WEEKLY_HOURS, type DayName, type WeeklyHours } from "./domain/business-hours";
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

/**
 * The plan an event names: the one mapping every consumer uses (identity's subscription projection,
 * messaging's monthly cap). UNSPECIFIED is the sign-up default, professional (DEFAULT_SIGN_UP_PLAN,
 * registerSchema's default): only sign-up can leave the plan unnamed (UserRegistered for a
 * registration that chose none), and sign-up then stores, starts the trial on and bills
 * professional; billing's SubscriptionChanged always names the plan. Reading it as starter would
 * cap a customer who pays for professional at starter's 100 calls (under-serving); professional
 * gives exactly what that customer is billed for (no over-serving). A value newer than this build
 * reads the same way.
 */
export function planName(plan: Plan): PlanName {
  switch (plan) {
    case Plan.STARTER:
      return "starter";
    case Plan.PROFESSIONAL:
      return "professional";
    case Plan.ENTERPRISE:
      return "enterprise";
    case Plan.UNSPECIFIED:
      return DEFAULT_SIGN_UP_PLAN;
    default: {
      const newer: never = plan;
      void newer;
      return DEFAULT_SIGN_UP_PLAN;
    }
  }
}

/** Missed calls a month that each plan texts back (docs/product.md section 9). */
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
    case SubscriptionStatus.UNSPECIFIED:
      return "unknown";
    default: {
      const newer: never = status;
      void newer;
      return "unknown";
    }
  }
}

const DAY_NAME_OF: ReadonlyMap<DayOfWeek, DayName> = new Map([
  [DayOfWeek.MONDAY, "monday"],
  [DayOfWeek.TUESDAY, "tuesday"],
  [DayOfWeek.WEDNESDAY, "wednesday"],
  [DayOfWeek.THURSDAY, "thursday"],
  [DayOfWeek.FRIDAY, "friday"],
  [DayOfWeek.SATURDAY, "saturday"],
  [DayOfWeek.SUNDAY, "sunday"],
]);

/**
 * The week a business event carries (BusinessSettings.business_hours), the one reading every consumer uses
 * (messaging's dispatch config, telephony's directory): days the event leaves out are closed; an event with no
 * hours at all means the defaults.
 */
export function weeklyHoursFromEvent(days: readonly DayHoursMessage[]): WeeklyHours {
  if (days.length === 0) return structuredClone(DEFAULT_WEEKLY_HOURS) as WeeklyHours;
  const hours = Object.fromEntries(DAY_NAMES.map((day) => [day, { open: "09:00", close: "17:00", enabled: false }])) as WeeklyHours;
  for (const entry of days) {
    const day = DAY_NAME_OF.get(entry.day);
    if (day) hours[day] = { open: entry.open, close: entry.close, enabled: entry.enabled };
  }
  return hours;
}
