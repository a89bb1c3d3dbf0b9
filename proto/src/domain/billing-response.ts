import { z } from "zod";

/**
 * GET /api/billing (docs/product.md section 3, "Billing response"), written once: billing answers with it,
 * its contract test checks it, the web app parses with it. Times are epoch seconds, money integer cents.
 */

/** A provider subscription's status (Stripe's names; the local provider uses the same): billing's and the web app's one list. */
export const SUBSCRIPTION_STATUS_NAMES = ["trialing", "active", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired"] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUS_NAMES)[number];
export const INVOICE_STATUS_NAMES = ["draft", "open", "paid", "void", "uncollectible"] as const;

const epochSeconds = z.number().int().nonnegative();
const cents = z.number().int();
const planName = z.enum(["starter", "professional", "enterprise"]);
const frequency = z.enum(["monthly", "yearly"]);

export const billingSubscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUS_NAMES),
  cancel_at_period_end: z.boolean(),
  current_period_start: epochSeconds,
  current_period_end: epochSeconds,
  trial_end: epochSeconds.nullable(),
  plan: planName,
  billing_frequency: frequency,
  /** Cents per billing period for the plan (the dedicated number is billed beside it). */
  plan_amount: cents,
  has_dedicated_number: z.boolean(),
});

export const billingPaymentMethodSchema = z.object({
  id: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string().regex(/^\d{4}$/),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int(),
  }),
  is_default: z.boolean(),
});

export const billingInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  created: epochSeconds,
  amount_paid: cents,
  amount_due: cents,
  total: cents,
  status: z.enum(INVOICE_STATUS_NAMES),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});

export const billingResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    subscriptionPlan: planName,
    subscriptionStatus: z.string(),
    billingFrequency: frequency,
    trialEndsAt: epochSeconds.nullable(),
  }),
  subscription: billingSubscriptionSchema.nullable(),
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  paymentMethods: z.array(billingPaymentMethodSchema),
  invoices: z.array(billingInvoiceSchema),
});

export type BillingResponse = z.infer<typeof billingResponseSchema>;
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;
export type BillingPaymentMethod = z.infer<typeof billingPaymentMethodSchema>;
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;
