// The plan catalogue (docs/product.md section 9), written once: billing charges from it, messaging caps
// from it, the web app shows it. Money is integer cents; nothing else may repeat a price or cap.

export type PlanName = "starter" | "professional" | "enterprise";
export type BillingFrequency = "monthly" | "yearly";
/** The plan as sign-up and checkout URLs name it ('custom' is enterprise there). */
export type PlanUrlName = "starter" | "professional" | "custom";

export interface PlanDefinition {
  name: PlanName;
  urlName: PlanUrlName;
  displayName: string;
  /** Price of one month on the monthly plan, in cents. */
  monthlyCents: number;
  /** Price of one year on the yearly plan (20% off), in cents. */
  yearlyCents: number;
  /** Twelve monthly payments, shown struck through beside the yearly price. */
  yearlyWasCents: number;
  /** Missed calls a month that are texted back. */
  monthlyCallCap: number;
  features: readonly string[];
  popular: boolean;
}

export const PLANS: readonly PlanDefinition[] = [
  {
    name: "starter",
    urlName: "starter",
    displayName: "Starter",
    monthlyCents: 2_900,
    yearlyCents: 27_800,
    yearlyWasCents: 34_800,
    monthlyCallCap: 100,
    features: ["Up to 100 missed calls a month", "Basic analytics", "Email support", "Call forwarding setup"],
    popular: false,
  },
  {
    name: "professional",
    urlName: "professional",
    displayName: "Professional",
    monthlyCents: 4_900,
    yearlyCents: 47_000,
    yearlyWasCents: 58_800,
    monthlyCallCap: 1_000,
    features: ["Up to 1,000 missed calls a month", "Advanced analytics", "Email and phone support", "Priority support"],
    popular: true,
  },
  {
    name: "enterprise",
    urlName: "custom",
    displayName: "Enterprise",
    monthlyCents: 24_900,
    yearlyCents: 239_000,
    yearlyWasCents: 298_800,
    monthlyCallCap: 10_000,
    features: ["Up to 10,000 missed calls a month", "Priority support", "Advanced analytics", "Custom integrations", "Dedicated account manager"],
    popular: false,
  },
];

/** Every plan: a 14-day trial whose first month costs $1, cancel anytime, no setup fees. */
export const TRIAL_DAYS = 14;
export const TRIAL_FEE_CENTS = 100;
/** What the $1 trial is worth, as the marketing copy says ('$14 trial for $1'). */
export const TRIAL_VALUE_CENTS = 1_400;
/** A dedicated phone number, billed monthly beside the plan. */
export const DEDICATED_NUMBER_MONTHLY_CENTS = 115;
export const YEARLY_DISCOUNT_PERCENT = 20;
export const DEFAULT_SIGN_UP_PLAN: PlanName = "professional";
export const DEFAULT_CHECKOUT_PLAN: PlanName = "starter";

/** The plan named by a URL or payload: 'custom' and 'enterprise' are both the enterprise plan. */
export function findPlan(name: string): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.name === name || plan.urlName === name);
}

export function planByName(name: PlanName): PlanDefinition {
  const plan = findPlan(name);
  if (!plan) throw new Error(`Unknown plan ${name}`);
  return plan;
}

/** Price of one billing period of the plan, in cents. */
export function planPriceCents(name: PlanName, frequency: BillingFrequency): number {
  const plan = planByName(name);
  return frequency === "yearly" ? plan.yearlyCents : plan.monthlyCents;
}

/** Missed calls a month that each plan texts back. */
export function monthlyCallCap(name: PlanName): number {
  return planByName(name).monthlyCallCap;
}

/** Whole dollars for display: 2900 -> "$29", 239000 -> "$2,390". */
export function formatDollars(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString("en-US")}`;
}
