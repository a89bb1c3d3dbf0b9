import { AppError } from "@rebound/platform";
import type { BillingDeps } from "../billing-deps";
import { effectiveSubscription } from "../domain/subscription-state";
import type { ProviderSubscription } from "../provider/payment-provider";
import type { CustomerRecord } from "../store/customer.repository";

export interface UserAccount {
  customer: CustomerRecord;
  subscription?: ProviderSubscription;
}

/** The signed-in user's confirmed customer and current subscription (from the mirror), if any. */
export async function findUserAccount(deps: BillingDeps, userId: string): Promise<UserAccount | undefined> {
  const customer = await deps.customers.findByUser(userId);
  if (!customer || customer.signupState !== "confirmed") return undefined;
  const subscription = effectiveSubscription(await deps.mirror.subscriptions(customer.id));
  return { customer, ...(subscription ? { subscription } : {}) };
}

export const NO_SUBSCRIPTION = "No active subscription found. Choose a plan to subscribe.";

/** The user's current subscription, or 404 with a clear message. */
export async function requireSubscription(deps: BillingDeps, userId: string): Promise<Required<UserAccount>> {
  const account = await findUserAccount(deps, userId);
  if (!account?.subscription) throw new AppError("NOT_FOUND", NO_SUBSCRIPTION);
  return account as Required<UserAccount>;
}
