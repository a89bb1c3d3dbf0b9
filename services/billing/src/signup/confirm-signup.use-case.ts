import { notFound } from "@rebound/platform";
import type { BillingDeps } from "../billing-deps";
import { receiptEmail } from "../mail/billing-emails";
import { sendMail } from "../mail/send-mail";
import { syncAccount } from "../sync-account/sync-account.use-case";
import { signupKey } from "./start-signup.use-case";

/**
 * The account of a sign-up exists: the customer becomes the user's, SubscriptionChanged is
 * published, and the trial fee's receipt is e-mailed. Idempotent (the gateway calls it right after
 * registration; UserRegistered confirms it too, should the gateway have failed in between).
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

/** UserRegistered with a payment method: confirms the sign-up it paid for, if the gateway has not. */
export async function confirmSignupOfUser(deps: BillingDeps, userId: string, email: string, paymentMethodId: string): Promise<void> {
  const customer = await deps.customers.findBySignupKey(signupKey(email, paymentMethodId));
  if (!customer || customer.signupState === "confirmed") return;
  await confirmSignup(deps, customer.id, userId);
}
