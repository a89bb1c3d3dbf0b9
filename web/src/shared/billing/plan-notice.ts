import {
  DEFAULT_SIGN_UP_PLAN,
  findPlan,
  isInGoodStanding,
  TRIAL_DAYS,
  type BillingFrequency,
  type BillingResponse,
  type PlanUrlName,
} from "@rebound/contracts/domain";

/**
 * Why the owner is to be sent to checkout: "choose-plan" when the account has no subscription
 * (signed up without a card), "ended" when its subscription is no longer in good standing
 * (canceled, unpaid, incomplete...); null when it is (trialing, active, past due).
 */
export type PlanNotice = "choose-plan" | "ended";

/** What billing says about the subscription; unknown (loading, failed) is no notice, never a wrong warning. */
export function planNotice(billing: Pick<BillingResponse, "subscription"> | null | undefined): PlanNotice | null {
  if (!billing) return null;
  if (!billing.subscription) return "choose-plan";
  return isInGoodStanding(billing.subscription.status) ? null : "ended";
}

export interface CheckoutTarget {
  /** The plan as checkout's URL names it: enterprise is `custom`. */
  plan: PlanUrlName;
  frequency: BillingFrequency;
}

/** The plan and frequency the owner signed up with, as checkout's URL reads them (default professional, monthly). */
export function checkoutTarget(user: { subscriptionPlan?: string | null; billingFrequency?: string | null } | null | undefined): CheckoutTarget {
  const plan = findPlan(user?.subscriptionPlan ?? "") ?? findPlan(DEFAULT_SIGN_UP_PLAN)!;
  return { plan: plan.urlName, frequency: user?.billingFrequency === "yearly" ? "yearly" : "monthly" };
}

/** `/checkout/{plan}/{frequency}` for the target. */
export function checkoutPath(target: CheckoutTarget): string {
  return `/checkout/${target.plan}/${target.frequency}`;
}

export const PLAN_NOTICE_TEXT: Record<PlanNotice, { title: string; description: string }> = {
  "choose-plan": {
    title: "Choose a plan to start texting back your missed callers.",
    description: `Your account has no plan yet, so missed calls are recorded but not texted. Every plan starts with the ${TRIAL_DAYS}-day trial for $1.`,
  },
  ended: {
    title: "Your subscription has ended: missed calls are not being texted back.",
    description: "Choose a plan to start texting your missed callers again.",
  },
};

/** 'N missed calls were not texted back because your account has no active subscription.' (1: 'call was'). */
export function noSubscriptionLine(count: number): string {
  return `${count} missed ${count === 1 ? "call was" : "calls were"} not texted back because your account has no active subscription.`;
}
