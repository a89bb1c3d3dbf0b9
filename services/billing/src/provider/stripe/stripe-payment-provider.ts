import { TRIAL_DAYS, TRIAL_FEE_CENTS, type BillingFrequency, type PlanName, type SubscriptionStatusName } from "@rebound/contracts/domain";
import type { Logger } from "@rebound/platform";
import Stripe from "stripe";
import type { PriceKey } from "../../config";
import {
  PaymentDeclinedError,
  PaymentInputError,
  WebhookPayloadError,
  WebhookSignatureError,
  type CheckoutInput,
  type InvoiceLine,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  type SetupIntentInput,
  type StartSubscriptionInput,
} from "../payment-provider";
import { providerEventOf } from "./stripe-event";

export interface StripeProviderSettings {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Another API address (a local fake in tests). */
  apiBaseUrl?: string;
  prices: Record<PriceKey, string | undefined>;
}

type StripeClient = InstanceType<typeof Stripe>;
type StripeSubscription = Stripe.Subscription;
type StripeInvoice = Stripe.Invoice;

const PLAN_KEYS: PriceKey[] = ["starter-monthly", "starter-yearly", "professional-monthly", "professional-yearly", "enterprise-monthly", "enterprise-yearly"];
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

/**
 * Stripe through the official SDK. Every create call carries an idempotency key derived from the
 * caller's key, so a retried sign-up or checkout never makes a second customer or subscription.
 * Declines (StripeCardError) become PaymentDeclinedError with Stripe's message.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = "stripe" as const;
  readonly publishableKey?: string;
  private readonly stripe: StripeClient;
  private readonly priceKeys = new Map<string, PriceKey>();

  constructor(
    private readonly settings: StripeProviderSettings,
    private readonly logger: Logger,
  ) {
    this.publishableKey = settings.publishableKey;
    const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: base ? 0 : 2,
      appInfo: { name: "Rebound" },
      ...(base
        ? { host: base.hostname, port: Number(base.port || (base.protocol === "https:" ? 443 : 80)), protocol: base.protocol === "https:" ? "https" : "http" }
        : {}),
    });
    for (const [key, price] of Object.entries(settings.prices)) if (price) this.priceKeys.set(price, key as PriceKey);
    const missing = PLAN_KEYS.filter((key) => !settings.prices[key]);
    if (missing.length > 0) throw new Error(`Stripe price ids missing for: ${missing.join(", ")} (STRIPE_PRICE_* settings)`);
  }

  private price(plan: PlanName, frequency: BillingFrequency): string {
    return this.settings.prices[`${plan}-${frequency}`] as string;
  }

  private numberPrice(frequency: BillingFrequency): string {
    const price = this.settings.prices[`number-${frequency}`];
    if (!price) throw new Error(`STRIPE_PRICE_NUMBER_${frequency.toUpperCase()} is not set`);
    return price;
  }

  async createSetupIntent(input: SetupIntentInput): Promise<{ id: string; clientSecret: string }> {
    const intent = await this.call(() =>
      this.stripe.setupIntents.create({
        usage: "off_session",
        ...(input.customerId ? { customer: input.customerId } : {}),
        metadata: {
          purpose: input.purpose,
          ...(input.plan ? { plan: input.plan } : {}),
          ...(input.frequency ? { frequency: input.frequency } : {}),
          ...(input.userId ? { user_id: input.userId } : {}),
        },
      }),
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? "" };
  }

  async startSubscription(input: StartSubscriptionInput): Promise<{ customerId: string; subscriptionId: string }> {
    const created = !input.customerId;
    const customerId = input.customerId ?? (await this.createCustomer(input.key, input.email, input.name, input.userId));
    try {
      const method = await this.call(() => this.stripe.paymentMethods.attach(input.paymentMethodId, { customer: customerId }));
      await this.call(() => this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } }));
      await this.call(() =>
        this.stripe.invoiceItems.create(
          { customer: customerId, amount: TRIAL_FEE_CENTS, currency: "usd", description: `Trial fee: first ${TRIAL_DAYS} days` },
          { idempotencyKey: `${input.key}-trial-fee` },
        ),
      );
      const subscription = await this.call(() =>
        this.stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: this.price(input.plan, input.frequency) }],
            trial_period_days: TRIAL_DAYS,
            default_payment_method: method.id,
            payment_behavior: "error_if_incomplete",
            metadata: { plan: input.plan, frequency: input.frequency, ...(input.userId ? { user_id: input.userId } : {}) },
          },
          { idempotencyKey: `${input.key}-subscription` },
        ),
      );
      return { customerId, subscriptionId: subscription.id };
    } catch (error) {
      // A refused card leaves no customer behind (the customer this call created).
      if (created)
        await this.stripe.customers.del(customerId).catch((cleanup: unknown) => this.logger.warn({ err: cleanup, customerId }, "stripe customer not deleted"));
      throw error;
    }
  }

  async beginCheckout(input: CheckoutInput): Promise<{ clientSecret: string; customerId?: string }> {
    const customerId = input.customerId ?? (await this.createCustomer(input.key, input.email, input.name, input.userId));
    await this.call(() =>
      this.stripe.invoiceItems.create(
        { customer: customerId, amount: TRIAL_FEE_CENTS, currency: "usd", description: `Trial fee: first ${TRIAL_DAYS} days` },
        { idempotencyKey: `${input.key}-trial-fee` },
      ),
    );
    const subscription = await this.call(() =>
      this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: this.price(input.plan, input.frequency) }],
          trial_period_days: TRIAL_DAYS,
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: { plan: input.plan, frequency: input.frequency, user_id: input.userId },
          expand: ["latest_invoice.confirmation_secret"],
        },
        { idempotencyKey: `${input.key}-subscription` },
      ),
    );
    const invoice = subscription.latest_invoice;
    const secret = typeof invoice === "object" && invoice ? invoice.confirmation_secret?.client_secret : undefined;
    if (!secret) throw new Error("Stripe returned no confirmation secret for the checkout's first invoice");
    return { clientSecret: secret, ...(input.customerId ? {} : { customerId }) };
  }

  async changePlan(subscriptionId: string, plan: PlanName, frequency: BillingFrequency, key: string): Promise<void> {
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const items = subscription.items.data;
    const planItem = items.find((item) => !this.isNumberPrice(item.price.id)) ?? items[0];
    const numberItem = items.find((item) => this.isNumberPrice(item.price.id));
    if (!planItem) throw new PaymentInputError("This subscription has no plan item.");
    const trialing = subscription.status === "trialing";
    await this.call(() =>
      this.stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: planItem.id, price: this.price(plan, frequency) }, ...(numberItem ? [{ id: numberItem.id, price: this.numberPrice(frequency) }] : [])],
          proration_behavior: trialing ? "none" : "always_invoice",
          payment_behavior: "error_if_incomplete",
          metadata: { plan, frequency },
        },
        { idempotencyKey: key },
      ),
    );
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.call(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
  }

  async setNumberItem(subscriptionId: string, present: boolean, key: string): Promise<void> {
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const numberItem = subscription.items.data.find((item) => this.isNumberPrice(item.price.id));
    if (present && !numberItem) {
      const frequency = this.frequencyOf(subscription);
      await this.call(() =>
        this.stripe.subscriptionItems.create(
          { subscription: subscriptionId, price: this.numberPrice(frequency), proration_behavior: "none" },
          { idempotencyKey: key },
        ),
      );
    } else if (!present && numberItem) {
      await this.call(() => this.stripe.subscriptionItems.del(numberItem.id, { proration_behavior: "none" }));
    }
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    const method = await this.call(() => this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
    await this.call(() => this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } }));
    const subscriptions = await this.call(() => this.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 10 }));
    for (const subscription of subscriptions.data) {
      if (subscription.status !== "past_due" && subscription.status !== "unpaid") continue;
      await this.call(() => this.stripe.subscriptions.update(subscription.id, { default_payment_method: method.id }));
      const invoiceId = idOf(subscription.latest_invoice);
      if (invoiceId) await this.call(() => this.stripe.invoices.pay(invoiceId, { payment_method: method.id }));
    }
  }

  async fetchAccount(customerId: string): Promise<ProviderAccount> {
    const customer = await this.call(() => this.stripe.customers.retrieve(customerId));
    if ("deleted" in customer && customer.deleted) {
      return { customer: { id: customerId, email: "", name: "", deleted: true }, paymentMethods: [], subscriptions: [], invoices: [] };
    }
    const [methods, subscriptions, invoices] = await Promise.all([
      this.call(() => this.stripe.customers.listPaymentMethods(customerId, { limit: 20 })),
      this.call(() => this.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 20 })),
      this.call(() => this.stripe.invoices.list({ customer: customerId, limit: 100 })),
    ]);
    const full = customer as Exclude<typeof customer, { deleted: true }>;
    return {
      customer: {
        id: full.id,
        email: full.email ?? "",
        name: full.name ?? "",
        ...(full.metadata?.user_id ? { userId: full.metadata.user_id } : {}),
        ...(idOf(full.invoice_settings?.default_payment_method)
          ? { defaultPaymentMethodId: idOf(full.invoice_settings?.default_payment_method) as string }
          : {}),
        deleted: false,
      },
      paymentMethods: methods.data
        .filter((method) => method.card)
        .map((method) => ({
          id: method.id,
          brand: method.card?.brand ?? "card",
          last4: method.card?.last4 ?? "0000",
          expMonth: method.card?.exp_month ?? 1,
          expYear: method.card?.exp_year ?? 1970,
          created: new Date(method.created * 1000),
        })),
      subscriptions: subscriptions.data.map((subscription) => this.toSubscription(subscription)),
      invoices: invoices.data.map((invoice) => this.toInvoice(invoice)),
    };
  }

  async deleteCustomer(customerId: string): Promise<void> {
    const invoices = await this.call(() => this.stripe.invoices.list({ customer: customerId, status: "paid", limit: 10, expand: ["data.payments"] }));
    for (const invoice of invoices.data) {
      if (invoice.amount_paid <= 0) continue;
      for (const payment of invoice.payments?.data ?? []) {
        const intent = idOf(payment.payment?.payment_intent);
        if (intent) await this.call(() => this.stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${invoice.id}-${intent}` }));
      }
    }
    await this.call(() => this.stripe.customers.del(customerId));
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!this.settings.webhookSecret) throw new WebhookSignatureError("Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)");
    if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
    let body: unknown;
    try {
      body = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      // Only a correctly signed body is parsed: a SyntaxError is a signed body that is not JSON.
      if (error instanceof SyntaxError)
        throw new WebhookPayloadError(rawBody.length === 0 ? "No webhook payload was provided." : "Webhook payload is not JSON");
      throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid webhook signature");
    }
    return providerEventOf(body);
  }

  // ---------------------------------------------------------------- mapping

  private async createCustomer(key: string, email: string, name: string, userId?: string): Promise<string> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { email, name, metadata: { ...(userId ? { user_id: userId } : {}), source: "rebound" } },
        { idempotencyKey: `${key}-customer` },
      ),
    );
    return customer.id;
  }

  private isNumberPrice(priceId: string): boolean {
    const key = this.priceKeys.get(priceId);
    return key === "number-monthly" || key === "number-yearly";
  }

  private frequencyOf(subscription: StripeSubscription): BillingFrequency {
    for (const item of subscription.items.data) {
      const key = this.priceKeys.get(item.price.id);
      if (key && !key.startsWith("number-")) return key.endsWith("yearly") ? "yearly" : "monthly";
    }
    return subscription.metadata?.frequency === "yearly" ? "yearly" : "monthly";
  }

  private toSubscription(subscription: StripeSubscription): ProviderSubscription {
    const items = subscription.items.data;
    const planItem = items.find((item) => !this.isNumberPrice(item.price.id)) ?? items[0];
    const key = planItem ? this.priceKeys.get(planItem.price.id) : undefined;
    const plan = (key && !key.startsWith("number-") ? key.split("-")[0] : subscription.metadata?.plan) as PlanName | undefined;
    const start = planItem?.current_period_start ?? subscription.start_date;
    const end = planItem?.current_period_end ?? subscription.start_date;
    return {
      id: subscription.id,
      plan: plan === "starter" || plan === "enterprise" ? plan : "professional",
      frequency: this.frequencyOf(subscription),
      status: subscription.status as SubscriptionStatusName,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodStart: new Date(start * 1000),
      currentPeriodEnd: new Date(end * 1000),
      ...(subscription.trial_end ? { trialEnd: new Date(subscription.trial_end * 1000) } : {}),
      ...(subscription.ended_at ? { endedAt: new Date(subscription.ended_at * 1000) } : {}),
      hasNumberItem: items.some((item) => this.isNumberPrice(item.price.id)),
      created: new Date(subscription.created * 1000),
    };
  }

  private toInvoice(invoice: StripeInvoice): ProviderInvoice {
    const lines: InvoiceLine[] = invoice.lines.data.map((line) => ({
      description: line.description ?? "",
      amountCents: line.amount,
      proration: Boolean((line.parent as { subscription_item_details?: { proration?: boolean } } | null)?.subscription_item_details?.proration),
      periodStart: line.period?.start ?? invoice.created,
      periodEnd: line.period?.end ?? invoice.created,
    }));
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? undefined);
    return {
      id: invoice.id ?? "",
      ...(subscriptionId ? { subscriptionId } : {}),
      ...(invoice.number ? { number: invoice.number } : {}),
      status: (invoice.status ?? "draft") as ProviderInvoice["status"],
      ...(invoice.billing_reason ? { billingReason: invoice.billing_reason } : {}),
      totalCents: invoice.total,
      amountPaidCents: invoice.amount_paid,
      amountDueCents: invoice.amount_due,
      lines,
      ...(invoice.hosted_invoice_url ? { hostedInvoiceUrl: invoice.hosted_invoice_url } : {}),
      ...(invoice.invoice_pdf ? { invoicePdf: invoice.invoice_pdf } : {}),
      created: new Date(invoice.created * 1000),
    };
  }

  /** Stripe's refusals in billing's terms: a declined card keeps Stripe's message. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message, error.decline_code ?? error.code ?? "card_declined");
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode !== undefined && error.statusCode < 500) {
        throw new PaymentInputError(error.message);
      }
      throw error;
    }
  }
}
