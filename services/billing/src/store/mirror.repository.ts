import type { InvoiceLine, ProviderAccount, ProviderCard, ProviderInvoice, ProviderSubscription } from "../provider/payment-provider";
import type { BillingDb, BillingTx } from "./billing-db";
import type { Prisma } from "../generated/prisma/client";

export interface MirroredInvoice extends ProviderInvoice {
  customerId: string;
}

const toSubscription = (row: Prisma.SubscriptionGetPayload<object>): ProviderSubscription => ({
  id: row.id,
  plan: row.plan as ProviderSubscription["plan"],
  frequency: row.billingFrequency as ProviderSubscription["frequency"],
  status: row.status as ProviderSubscription["status"],
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  currentPeriodStart: row.currentPeriodStart,
  currentPeriodEnd: row.currentPeriodEnd,
  ...(row.trialEnd ? { trialEnd: row.trialEnd } : {}),
  ...(row.endedAt ? { endedAt: row.endedAt } : {}),
  hasNumberItem: row.hasNumberItem,
  created: row.createdAt,
});

const toInvoice = (row: Prisma.InvoiceGetPayload<object>): MirroredInvoice => ({
  id: row.id,
  customerId: row.customerId,
  ...(row.subscriptionId ? { subscriptionId: row.subscriptionId } : {}),
  ...(row.number ? { number: row.number } : {}),
  status: row.status as ProviderInvoice["status"],
  ...(row.billingReason ? { billingReason: row.billingReason } : {}),
  totalCents: row.totalCents,
  amountPaidCents: row.amountPaidCents,
  amountDueCents: row.amountDueCents,
  lines: row.lines as unknown as InvoiceLine[],
  ...(row.hostedInvoiceUrl ? { hostedInvoiceUrl: row.hostedInvoiceUrl } : {}),
  ...(row.invoicePdf ? { invoicePdf: row.invoicePdf } : {}),
  created: row.createdAt,
});

const toCard = (row: Prisma.PaymentMethodGetPayload<object>): ProviderCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  created: row.createdAt,
});

/** Billing's copy of the provider's subscriptions, invoices and payment methods of each customer. */
export class MirrorRepository {
  constructor(private readonly db: BillingDb) {}

  async subscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const rows = await this.db.client.subscription.findMany({ where: { customerId }, orderBy: { createdAt: "desc" } });
    return rows.map(toSubscription);
  }

  async paymentMethods(customerId: string): Promise<ProviderCard[]> {
    const rows = await this.db.client.paymentMethod.findMany({ where: { customerId }, orderBy: { createdAt: "desc" } });
    return rows.map(toCard);
  }

  async invoices(customerId: string, limit = 100): Promise<MirroredInvoice[]> {
    const rows = await this.db.client.invoice.findMany({ where: { customerId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
    return rows.map(toInvoice);
  }

  async invoice(id: string): Promise<MirroredInvoice | null> {
    const row = await this.db.client.invoice.findUnique({ where: { id } });
    return row ? toInvoice(row) : null;
  }

  /** Replaces the customer's mirrored objects with the provider's current ones. */
  async replace(tx: BillingTx, account: ProviderAccount, now: Date): Promise<void> {
    const customerId = account.customer.id;
    await tx.paymentMethod.deleteMany({ where: { customerId, id: { notIn: account.paymentMethods.map((card) => card.id) } } });
    for (const card of account.paymentMethods) {
      const data = { customerId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
      await tx.paymentMethod.upsert({ where: { id: card.id }, create: { id: card.id, ...data, createdAt: card.created }, update: data });
    }
    for (const sub of account.subscriptions) {
      const data = {
        customerId,
        plan: sub.plan,
        billingFrequency: sub.frequency,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        currentPeriodStart: sub.currentPeriodStart,
        currentPeriodEnd: sub.currentPeriodEnd,
        trialEnd: sub.trialEnd ?? null,
        endedAt: sub.endedAt ?? null,
        hasNumberItem: sub.hasNumberItem,
        updatedAt: now,
      };
      await tx.subscription.upsert({ where: { id: sub.id }, create: { id: sub.id, ...data, createdAt: sub.created }, update: data });
    }
    for (const invoice of account.invoices) {
      const data = {
        customerId,
        subscriptionId: invoice.subscriptionId ?? null,
        number: invoice.number ?? null,
        status: invoice.status,
        billingReason: invoice.billingReason ?? null,
        totalCents: invoice.totalCents,
        amountPaidCents: invoice.amountPaidCents,
        amountDueCents: invoice.amountDueCents,
        lines: invoice.lines as unknown as Prisma.InputJsonValue,
        hostedInvoiceUrl: invoice.hostedInvoiceUrl ?? null,
        invoicePdf: invoice.invoicePdf ?? null,
      };
      await tx.invoice.upsert({ where: { id: invoice.id }, create: { id: invoice.id, ...data, createdAt: invoice.created }, update: data });
    }
  }
}
