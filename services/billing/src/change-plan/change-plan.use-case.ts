import { findPlan, formatDollars, planPriceCents, type PlanName } from "@rebound/contracts/domain";
import { badRequest, conflict } from "@rebound/platform";
import { randomUUID } from "node:crypto";
import type { BillingDeps } from "../billing-deps";
import { isLive } from "../domain/subscription-state";
import { requireSubscription } from "../get-billing/user-account";
import { syncAccount } from "../sync-account/sync-account.use-case";
import type { ChangePlanInput } from "./change-plan.schema";

/** POST /api/billing/change-plan: at once, prorated and invoiced now; the new cap follows SubscriptionChanged. */
export async function changePlan(deps: BillingDeps, userId: string, input: ChangePlanInput): Promise<{ message: string }> {
  const { customer, subscription } = await requireSubscription(deps, userId);
  const plan = (findPlan(input.planName)?.name ?? "starter") as PlanName;
  const display = findPlan(plan)?.displayName ?? plan;
  if (!isLive(subscription.status)) throw conflict("Your subscription has ended. Choose a plan to subscribe again.");
  if (subscription.plan === plan && subscription.frequency === input.billingFrequency) {
    throw badRequest(`You are already on the ${display} plan, billed ${input.billingFrequency}.`);
  }
  await deps.provider.changePlan(subscription.id, plan, input.billingFrequency, `change-plan-${randomUUID()}`);
  await syncAccount(deps, customer.id);
  const price = `${formatDollars(planPriceCents(plan, input.billingFrequency))}/${input.billingFrequency === "yearly" ? "year" : "month"}`;
  return { message: `Your plan is now ${display} (${price}), effective immediately. Unused time on your previous plan was prorated.` };
}
