import { planByName, planPriceCents } from "@rebound/contracts/domain";
import type { BillingDeps } from "../billing-deps";
import { paymentFailedEmail, receiptEmail, trialEndingEmail } from "../mail/billing-emails";
import { sendMail } from "../mail/send-mail";
import type { ProviderEvent } from "../provider/payment-provider";
import { syncAccount } from "../sync-account/sync-account.use-case";

/** Event types billing acts on; others are acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
  "payment_method.attached",
  "payment_method.detached",
  "customer.updated",
]);

/**
 * One provider event (a Stripe webhook or the local provider's): refresh the customer's mirror
 * (publishing SubscriptionChanged when it changed) and send the e-mail the event calls for. Each
 * event id is handled once. Customers of sign-ups not yet confirmed get no e-mail (their receipt is
 * sent on confirmation).
 */
export async function handleProviderEvent(deps: BillingDeps, event: ProviderEvent): Promise<"handled" | "duplicate" | "ignored"> {
  if (!HANDLED_EVENT_TYPES.has(event.type) || !event.customerId) {
    return "ignored";
  }
  const result = await syncAccount(deps, event.customerId, { id: event.id, type: event.type });
  if (result.duplicate) return "duplicate";
  if (!result.synced || !result.customer || !result.account) return "ignored";
  const customer = result.customer;
  if (customer.signupState !== "confirmed") return "handled";
  const billingUrl = deps.links.billingPage();
  const invoice = event.invoiceId ? result.account.invoices.find((candidate) => candidate.id === event.invoiceId) : undefined;
  switch (event.type) {
    case "invoice.paid":
      if (invoice && invoice.amountPaidCents > 0) {
        await sendMail(
          deps,
          receiptEmail({
            to: customer.email,
            name: customer.name,
            invoiceNumber: invoice.number ?? invoice.id,
            amountCents: invoice.amountPaidCents,
            paidAt: deps.clock.now(),
            pdfUrl: invoice.invoicePdf ?? deps.links.invoicePdf(invoice.id),
            trialFee: invoice.billingReason === "subscription_create",
          }),
        );
      }
      break;
    case "invoice.payment_failed": {
      const after = result.after;
      const next =
        after?.status === "unpaid"
          ? "That was our last automatic try: your subscription is unpaid and missed-call texts are paused until you update your card."
          : "We will try again in a few days.";
      await sendMail(deps, paymentFailedEmail(customer.email, customer.name, invoice?.amountDueCents ?? 0, next, billingUrl));
      break;
    }
    case "customer.subscription.trial_will_end": {
      const after = result.after;
      if (after?.trialEnd && after.status === "trialing" && !after.cancelAtPeriodEnd) {
        const plan = planByName(after.plan);
        await sendMail(
          deps,
          trialEndingEmail(
            customer.email,
            customer.name,
            new Date(after.trialEnd),
            `${plan.displayName} (${after.frequency})`,
            planPriceCents(after.plan, after.frequency),
            billingUrl,
          ),
        );
      }
      break;
    }
    default:
      break;
  }
  return "handled";
}
