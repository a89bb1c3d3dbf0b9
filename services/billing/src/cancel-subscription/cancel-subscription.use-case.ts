import { conflict } from "@rebound/platform";
import type { BillingDeps } from "../billing-deps";
import { isLive } from "../domain/subscription-state";
import { requireSubscription } from "../get-billing/user-account";
import { cancelledEmail } from "../mail/billing-emails";
import { sendMail } from "../mail/send-mail";
import { syncAccount } from "../sync-account/sync-account.use-case";

const day = (at: Date) => at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** POST /api/billing/cancel: cancel at period end; access and texting continue until then. */
export async function cancelSubscription(deps: BillingDeps, userId: string): Promise<{ message: string }> {
  const { customer, subscription } = await requireSubscription(deps, userId);
  if (!isLive(subscription.status)) throw conflict("Your subscription has already ended.");
  if (subscription.cancelAtPeriodEnd) throw conflict("Your subscription is already set to cancel at the end of the billing period.");
  await deps.provider.setCancelAtPeriodEnd(subscription.id, true);
  await syncAccount(deps, customer.id);
  await sendMail(deps, cancelledEmail(customer.email, customer.name, subscription.currentPeriodEnd, deps.links.billingPage()));
  return {
    message: `Your subscription has been cancelled. You keep full access until ${day(subscription.currentPeriodEnd)}, and you will not be charged again.`,
  };
}
