import type { BillingFrequency, PlanName, SubscriptionStatusName } from "@rebound/contracts/domain";
import type { InvoiceLine, SetupIntentInput } from "@rebound/providers/payments";

// The payment simulator's objects, shaped after Stripe's. Times are epoch milliseconds.

export interface LocalCustomer {
  id: string;
  email: string;
  name: string;
  userId?: string;
  defaultPaymentMethod?: string;
  /** Credit from downgrades, applied to the next invoices. */
  creditCents: number;
  deleted: boolean;
  created: number;
}

export interface LocalPaymentMethod {
  id: string;
  cardNumber: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  customer?: string;
  created: number;
}

export interface LocalSetupIntent {
  id: string;
  clientSecret: string;
  status: "requires_payment_method" | "succeeded";
  purpose: SetupIntentInput["purpose"];
  plan?: PlanName;
  frequency?: BillingFrequency;
  customer?: string;
  userId?: string;
  paymentMethod?: string;
  created: number;
}

export interface LocalSubscription {
  id: string;
  customer: string;
  plan: PlanName;
  frequency: BillingFrequency;
  status: SubscriptionStatusName;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialEnd?: number;
  trialNoticeSent: boolean;
  endedAt?: number;
  hasNumberItem: boolean;
  /** Failed attempts of the open invoice; past_due while retrying, unpaid after the last retry. */
  failedAttempts: number;
  nextPaymentAttempt?: number;
  openInvoice?: string;
  created: number;
}

export interface LocalInvoice {
  id: string;
  number: string;
  customer: string;
  subscription?: string;
  status: "open" | "paid" | "void" | "uncollectible";
  billingReason: "subscription_create" | "subscription_cycle" | "subscription_update";
  lines: InvoiceLine[];
  totalCents: number;
  /** Credit balance used for this invoice. */
  creditAppliedCents: number;
  amountDueCents: number;
  amountPaidCents: number;
  refundedCents: number;
  attempts: number;
  created: number;
  paidAt?: number;
}
