import { planPriceCents, type BillingResponse } from "@rebound/contracts/domain";
import type { InternalUser } from "@rebound/platform";
import type { BillingDeps } from "../billing-deps";
import { findUserAccount } from "./user-account";

/** Stripe's API gives times in epoch seconds; the web app reads the answer in that shape. */
const epochSeconds = (at: Date): number => Math.floor(at.getTime() / 1000);

/** GET /api/billing: the user's subscription, card and invoices from billing's mirror (no provider call). */
export async function getBilling(deps: BillingDeps, user: InternalUser): Promise<BillingResponse> {
  const account = await findUserAccount(deps, user.id);
  if (!account) {
    return {
      user: { id: user.id, email: user.email, subscriptionPlan: "starter", subscriptionStatus: "trial", billingFrequency: "monthly", trialEndsAt: null },
      subscription: null,
      customer: null,
      paymentMethods: [],
      invoices: [],
    };
  }
  const { customer, subscription } = account;
  const [cards, invoices] = await Promise.all([deps.mirror.paymentMethods(customer.id), deps.mirror.invoices(customer.id)]);
  return {
    user: {
      id: user.id,
      email: customer.email || user.email,
      subscriptionPlan: subscription?.plan ?? "starter",
      subscriptionStatus: subscription?.status ?? "trial",
      billingFrequency: subscription?.frequency ?? "monthly",
      trialEndsAt: subscription?.trialEnd ? epochSeconds(subscription.trialEnd) : null,
    },
    subscription: subscription
      ? {
          id: subscription.id,
          status: subscription.status,
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
          current_period_start: epochSeconds(subscription.currentPeriodStart),
          current_period_end: epochSeconds(subscription.currentPeriodEnd),
          trial_end: subscription.trialEnd ? epochSeconds(subscription.trialEnd) : null,
          plan: subscription.plan,
          billing_frequency: subscription.frequency,
          plan_amount: planPriceCents(subscription.plan, subscription.frequency),
          has_dedicated_number: subscription.hasNumberItem,
        }
      : null,
    customer: { id: customer.id, email: customer.email, name: customer.name },
    paymentMethods: cards.map((card) => ({
      id: card.id,
      card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
      is_default: card.id === customer.defaultPaymentMethodId,
    })),
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number ?? null,
      created: epochSeconds(invoice.created),
      amount_paid: invoice.amountPaidCents,
      amount_due: invoice.amountDueCents,
      total: invoice.totalCents,
      status: invoice.status,
      hosted_invoice_url: invoice.hostedInvoiceUrl ?? null,
      invoice_pdf: invoice.invoicePdf ?? null,
    })),
  };
}
