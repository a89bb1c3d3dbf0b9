import { z } from "zod";

const optional = z.string().min(1).optional();

/**
 * Billing's settings. Production (main.ts) runs on Stripe and needs STRIPE_SECRET_KEY; the dev entries
 * (main.dev.ts, standalone) use Stripe when it is set, else the payment simulator (billing's own
 * tables), which reads the "Local provider" settings below. Price ids are Stripe's, one per plan and frequency.
 */
export const billingConfigSchema = z.object({
  STRIPE_SECRET_KEY: optional,
  /** Given to the browser (Stripe.js) with the setup intent's client secret. */
  STRIPE_PUBLISHABLE_KEY: optional,
  /** Signing secret of the /webhooks/stripe endpoint (whsec_...). */
  STRIPE_WEBHOOK_SECRET: optional,
  /** Another Stripe API address (tests aim the SDK at a local fake: http://127.0.0.1:12111). */
  STRIPE_API_BASE_URL: z.string().url().optional(),
  STRIPE_PRICE_STARTER_MONTHLY: optional,
  STRIPE_PRICE_STARTER_YEARLY: optional,
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: optional,
  STRIPE_PRICE_PROFESSIONAL_YEARLY: optional,
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optional,
  STRIPE_PRICE_ENTERPRISE_YEARLY: optional,
  /** The dedicated number's price ($1.15 a month; the yearly price is for yearly plans, Stripe bills one interval per subscription). */
  STRIPE_PRICE_NUMBER_MONTHLY: optional,
  STRIPE_PRICE_NUMBER_YEARLY: optional,
  /** Local provider: how often trial ends, renewals and retries are looked at. */
  BILLING_CYCLE_INTERVAL_MS: z.coerce.number().int().min(50).default(60_000),
  /** Local provider: days between a failed charge and each retry, and how many retries before unpaid. */
  PAYMENT_RETRY_INTERVAL_DAYS: z.coerce.number().min(0).max(30).default(3),
  PAYMENT_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** Local provider: the "trial ends soon" notice, days before the trial ends (Stripe sends it 3 days before). */
  TRIAL_ENDING_NOTICE_DAYS: z.coerce.number().min(0).max(14).default(3),
  /** A sign-up whose account was never created is undone (customer deleted, trial fee refunded) after this. */
  ABANDONED_SIGNUP_MINUTES: z.coerce.number().min(1).default(30),
  ABANDONED_SIGNUP_JOB_INTERVAL_MS: z.coerce.number().int().min(100).default(300_000),
});

export type BillingConfig = z.infer<typeof billingConfigSchema>;

/**
 * Distributed mode: where billing reaches identity's internal API (sign-up creates the account
 * there). Standalone hands billing identity's router instead; the composition root decides.
 */
export const identityLinkConfigSchema = z.object({
  IDENTITY_URL: z.url().default("http://identity:3000"),
});

export type PriceKey = `${"starter" | "professional" | "enterprise"}-${"monthly" | "yearly"}` | "number-monthly" | "number-yearly";

/** Stripe price ids by plan and frequency; undefined entries are reported when Stripe is chosen. */
export function stripePriceIds(config: BillingConfig): Record<PriceKey, string | undefined> {
  return {
    "starter-monthly": config.STRIPE_PRICE_STARTER_MONTHLY,
    "starter-yearly": config.STRIPE_PRICE_STARTER_YEARLY,
    "professional-monthly": config.STRIPE_PRICE_PROFESSIONAL_MONTHLY,
    "professional-yearly": config.STRIPE_PRICE_PROFESSIONAL_YEARLY,
    "enterprise-monthly": config.STRIPE_PRICE_ENTERPRISE_MONTHLY,
    "enterprise-yearly": config.STRIPE_PRICE_ENTERPRISE_YEARLY,
    "number-monthly": config.STRIPE_PRICE_NUMBER_MONTHLY,
    "number-yearly": config.STRIPE_PRICE_NUMBER_YEARLY,
  };
}
