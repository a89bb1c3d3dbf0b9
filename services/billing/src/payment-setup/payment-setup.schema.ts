import { z } from "zod";

/** POST /api/create-payment-intent (public; the sign-up page calls it on load with 49, professional, monthly). */
export const createPaymentIntentSchema = z.object({
  amount: z.coerce.number({ error: "Amount must be a number" }).nonnegative("Amount must be a number").optional(),
  plan: z.enum(["starter", "professional", "custom", "enterprise"], { error: "Please choose a valid plan" }).default("professional"),
  billing: z.enum(["monthly", "yearly"], { error: "Billing frequency must be monthly or yearly" }).default("monthly"),
});

const cardNumber = z
  .string({ error: "Card number is required" })
  .trim()
  .min(1, "Card number is required")
  .max(30, "Your card number is incorrect.")
  .regex(/^[\d\s-]+$/, "Your card number is incorrect.");

/** POST /api/billing/local/confirm-setup: the local provider's card form (what Stripe.js does with Stripe). */
export const confirmSetupSchema = z.object({
  clientSecret: z.string({ error: "clientSecret is required" }).min(1, "clientSecret is required").max(512, "clientSecret is not valid"),
  cardNumber,
  expMonth: z.coerce
    .number({ error: "Your card's expiration month is invalid." })
    .int("Your card's expiration month is invalid.")
    .min(1, "Your card's expiration month is invalid.")
    .max(12, "Your card's expiration month is invalid."),
  expYear: z.coerce
    .number({ error: "Your card's expiration year is invalid." })
    .int("Your card's expiration year is invalid.")
    .min(0, "Your card's expiration year is invalid.")
    .max(9999, "Your card's expiration year is invalid."),
  cvc: z
    .string({ error: "Your card's security code is incomplete." })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is invalid."),
});

/** POST /api/billing/payment-method: a new default card (e.g. after a failed payment). */
export const updatePaymentMethodSchema = z.object({
  paymentMethodId: z.string({ error: "A payment method is required" }).trim().min(1, "A payment method is required").max(255),
});
