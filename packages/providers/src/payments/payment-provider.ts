import type { BillingFrequency, PlanName, SubscriptionStatusName } from "@rebound/contracts/domain";

/**
 * What billing asks of a payment provider: Stripe (the official SDK, production) or the payment
 * simulator (kind "local": @rebound/payment-simulator, development only, its objects in billing's
 * tables). Both hold the truth; billing keeps a mirror of it (its store/), refreshed with
 * `fetchAccount` after every change it makes and on every provider event.
 */
export interface PaymentProvider {
  readonly kind: "stripe" | "local";
  /** Stripe.js needs it in the browser (the simulator has none). */
  readonly publishableKey?: string;

  /** A SetupIntent (usage off_session) that the payment form confirms in the browser. */
  createSetupIntent(input: SetupIntentInput): Promise<{ id: string; clientSecret: string }>;
  /**
   * Customer, default payment method, subscription on the plan with the 14-day trial and the $1 trial
   * fee charged now. Every create call carries an idempotency key derived from `key`. A decline throws
   * PaymentDeclinedError and leaves no customer behind (when the call created it).
   */
  startSubscription(input: StartSubscriptionInput): Promise<{ customerId: string; subscriptionId: string }>;
  /**
   * Checkout for a customer without a live subscription: the client secret the payment form
   * confirms. Stripe: an incomplete subscription's first payment; local: a setup intent that
   * `completeCheckout` turns into a subscription.
   */
  beginCheckout(input: CheckoutInput): Promise<{ clientSecret: string; customerId?: string }>;
  /** Plan or frequency change at once, prorated and invoiced now; a declined charge throws and changes nothing. */
  changePlan(subscriptionId: string, plan: PlanName, frequency: BillingFrequency, key: string): Promise<void>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** The dedicated number's monthly item on the subscription. */
  setNumberItem(subscriptionId: string, present: boolean, key: string): Promise<void>;
  /** Attaches the payment method and makes it the default; open invoices of a past-due subscription are retried. */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  /** Everything billing mirrors about one customer. */
  fetchAccount(customerId: string): Promise<ProviderAccount>;
  /** Undoes an abandoned sign-up: the subscription ends at once, the trial fee is refunded, the customer goes. */
  deleteCustomer(customerId: string): Promise<void>;

  /** Local provider only: the card form's part (Stripe.js's role with Stripe). */
  confirmSetup?(input: ConfirmSetupInput): Promise<{ paymentMethodId: string; setupIntent: LocalSetupIntentView }>;
  /** Local provider only: the setup intent behind a client secret. */
  findSetupIntent?(clientSecret: string): Promise<LocalSetupIntentView | undefined>;
  /** Local provider only: trial ends, renewals and retries up to `now`; its events go to the sink. */
  runBillingCycle?(now: Date): Promise<number>;
  /** Where the provider delivers its events (the local provider; Stripe sends webhooks instead). */
  setEventSink?(sink: ProviderEventSink): void;
  /** Stripe only: verifies a webhook's signature over the raw body; throws WebhookSignatureError. */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export interface SetupIntentInput {
  /** What the setup is for (kept in the intent's metadata). */
  purpose: "signup" | "checkout" | "update_card";
  plan?: PlanName;
  frequency?: BillingFrequency;
  customerId?: string;
  userId?: string;
}

export interface StartSubscriptionInput {
  /** Stable for one sign-up or checkout: a retry with the same key never creates a second customer or subscription. */
  key: string;
  /** An existing customer (checkout); absent: a new one is created. */
  customerId?: string;
  email: string;
  name: string;
  userId?: string;
  paymentMethodId: string;
  plan: PlanName;
  frequency: BillingFrequency;
}

export interface CheckoutInput {
  key: string;
  customerId?: string;
  email: string;
  name: string;
  userId: string;
  plan: PlanName;
  frequency: BillingFrequency;
}

export interface ConfirmSetupInput {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface LocalSetupIntentView {
  id: string;
  clientSecret: string;
  status: "requires_payment_method" | "succeeded";
  purpose: SetupIntentInput["purpose"];
  plan?: PlanName;
  frequency?: BillingFrequency;
  customerId?: string;
  userId?: string;
  paymentMethodId?: string;
}

export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  created: Date;
}

export interface ProviderSubscription {
  id: string;
  plan: PlanName;
  frequency: BillingFrequency;
  status: SubscriptionStatusName;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd?: Date;
  endedAt?: Date;
  hasNumberItem: boolean;
  created: Date;
}

export interface InvoiceLine {
  description: string;
  amountCents: number;
  proration: boolean;
  /** Epoch seconds. */
  periodStart: number;
  periodEnd: number;
}

export interface ProviderInvoice {
  id: string;
  subscriptionId?: string;
  number?: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  billingReason?: string;
  totalCents: number;
  amountPaidCents: number;
  amountDueCents: number;
  lines: InvoiceLine[];
  hostedInvoiceUrl?: string;
  invoicePdf?: string;
  created: Date;
}

export interface ProviderAccount {
  customer: { id: string; email: string; name: string; userId?: string; defaultPaymentMethodId?: string; deleted: boolean };
  paymentMethods: ProviderCard[];
  /** Every subscription of the customer, newest first. */
  subscriptions: ProviderSubscription[];
  /** Newest first. */
  invoices: ProviderInvoice[];
}

/** A provider event as billing handles it (Stripe's type names). */
export interface ProviderEvent {
  id: string;
  type: string;
  customerId?: string;
  invoiceId?: string;
  created: Date;
}

export type ProviderEventSink = (event: ProviderEvent) => Promise<void>;

/** The card was refused; `message` is the provider's own (e.g. "Your card was declined."). */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly declineCode: string = "card_declined",
  ) {
    super(message);
    this.name = "PaymentDeclinedError";
  }
}

/** Input the provider refused (unknown payment method, malformed card ...). */
export class PaymentInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentInputError";
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = "Invalid webhook signature") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** A correctly signed webhook whose body billing can never use (empty, not JSON, not an event). */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookPayloadError";
  }
}
