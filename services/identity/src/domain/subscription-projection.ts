import { billingFrequencyName, entitlementStatusOf, planFromName, planName, timestampDate, type billingV1 } from "@rebound/contracts";
import { TRIAL_DAYS, type RegisterInput } from "@rebound/contracts/domain";

/**
 * What the web app reads about an account's plan with its user (docs/product.md section 3). These
 * are billing's facts: identity keeps a projection of them (subscription_projection), seeded at
 * sign-up and replaced by billing's SubscriptionChanged, never decided here.
 */
export interface PlanView {
  /** Billing's plan name: starter, professional or enterprise. */
  plan: string;
  /** The user payload's spelling: 'trial' while trialing, else billing's status. */
  status: string;
  billingFrequency: string;
  trialEndsAt: Date;
}

/** Every plan starts with a 14-day trial (docs/product.md section 9). */
function trialEnd(from: Date): Date {
  return new Date(from.getTime() + TRIAL_DAYS * 24 * 60 * 60_000);
}

/**
 * Until billing speaks, the plan chosen at sign-up, in trial for 14 days from registration (the
 * spec's column default "now" would show an already ended trial); sign-up's 'custom' is the
 * enterprise plan, as billing names it.
 */
export function signupPlan(input: Pick<RegisterInput, "subscriptionPlan" | "billingFrequency">, registeredAt: Date): PlanView {
  return {
    plan: planName(planFromName(input.subscriptionPlan)),
    status: "trial",
    billingFrequency: input.billingFrequency,
    trialEndsAt: trialEnd(registeredAt),
  };
}

/** An account without a projection row (none since the projection's migration): the spec's defaults. */
export function defaultPlan(registeredAt: Date): PlanView {
  return { plan: "starter", status: "trial", billingFrequency: "monthly", trialEndsAt: trialEnd(registeredAt) };
}

/**
 * Billing's SubscriptionChanged (the full state each time) as the projection keeps it; a change
 * without a trial end keeps the one known (`trialEndsAt` undefined).
 */
export function planOfChange(
  change: Pick<billingV1.SubscriptionChanged, "plan" | "billingFrequency" | "status" | "trialEndsAt">,
): Omit<PlanView, "trialEndsAt"> & { trialEndsAt?: Date } {
  return {
    plan: planName(change.plan),
    status: statusName(change.status),
    billingFrequency: billingFrequencyName(change.billingFrequency),
    ...(change.trialEndsAt ? { trialEndsAt: timestampDate(change.trialEndsAt) } : {}),
  };
}

/**
 * Contracts' reading of billing's status (entitlementStatusOf), spelt 'trial' while trialing, as
 * the user payload's default is; a status billing did not name (unspecified, or newer than this
 * build) reads as that default too.
 */
export function statusName(status: billingV1.SubscriptionStatus): string {
  const name = entitlementStatusOf(status);
  return name === "trialing" || name === "unknown" ? "trial" : name;
}
