import { conflict } from "@rebound/platform";
import type { BillingDeps } from "../billing-deps";
import { isLive } from "../domain/subscription-state";
import { requireSubscription } from "../get-billing/user-account";
import { reactivatedEmail } from "../mail/billing-emails";
import { sendMail } from "../mail/send-mail";
import { syncAccount } from "../sync-account/sync-account.use-case";

/** POST /api/billing/reactivate: undoes a scheduled cancellation. */
export async function reactivateSubscription(deps: BillingDeps, userId: string): Promise<{ message: string }> {
  const { customer, subscription } = await requireSubscription(deps, userId);
  if (!isLive(subscription.status)) throw conflict("Your subscription has already ended. Choose a plan to subscribe again.");
  if (!subscription.cancelAtPeriodEnd) throw conflict("Your subscription is not scheduled for cancellation, so there is nothing to reactivate.");
  await deps.provider.setCancelAtPeriodEnd(subscription.id, false);
  await syncAccount(deps, customer.id);
  await sendMail(deps, reactivatedEmail(customer.email, customer.name, subscription.currentPeriodEnd, deps.links.billingPage()));
  return { message: "Your subscription has been reactivated. It will renew automatically." };
}
