import { notFound } from "@rebound/platform";
import type { BillingDeps } from "../billing-deps";
import { receiptEmail } from "../mail/billing-emails";
import { sendMail } from "../mail/send-mail";
import { syncAccount } from "../sync-account/sync-account.use-case";

/**
 * The account of a sign-up exists: the customer becomes the user's, SubscriptionChanged is
 * published, and the trial fee's receipt is e-mailed. The one confirm path: the sign-up saga
 * (signUp) calls it right after identity created the account (docs/decisions.md, "One owner for
 * the sign-up saga"). Idempotent, so the saga may retry it.
 */
export async function confirmSignup(deps: BillingDeps, signupId: string, userId: string): Promise<void> {
  const now = deps.clock.now();
  const confirmed = await deps.db.transaction(async (tx) => {
    const customer = await deps.customers.lockById(tx, signupId);
    if (!customer) return undefined;
    if (customer.signupState === "confirmed") return false;
    await deps.customers.confirm(tx, signupId, userId, now);
    return true;
  });
  if (confirmed === undefined) throw notFound("Sign-up not found");
  if (!confirmed) return;
  const result = await syncAccount(deps, signupId);
  const customer = await deps.customers.findById(signupId);
  for (const invoice of result.account?.invoices ?? []) {
    if (!customer || invoice.status !== "paid" || invoice.amountPaidCents <= 0) continue;
    await sendMail(
      deps,
      receiptEmail({
        to: customer.email,
        name: customer.name,
        invoiceNumber: invoice.number ?? invoice.id,
        amountCents: invoice.amountPaidCents,
        paidAt: invoice.created,
        pdfUrl: invoice.invoicePdf ?? deps.links.invoicePdf(invoice.id),
        trialFee: invoice.billingReason === "subscription_create",
      }),
    );
  }
}
