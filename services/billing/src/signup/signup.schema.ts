import { z } from "zod";

/** POST /internal/billing/signups: the payment step of a registration, asked by the gateway before the account exists. */
export const startSignupSchema = z.object({
  email: z.string().trim().min(1).max(255),
  firstName: z.string().max(100).default(""),
  lastName: z.string().max(100).default(""),
  subscriptionPlan: z.enum(["starter", "professional", "custom", "enterprise"], { error: "Please choose a valid plan" }).default("professional"),
  billingFrequency: z.enum(["monthly", "yearly"], { error: "Billing frequency must be monthly or yearly" }).default("monthly"),
  paymentMethodId: z.string({ error: "A payment method is required" }).trim().min(1, "A payment method is required").max(255),
});

export const confirmSignupSchema = z.object({
  userId: z.string().min(1).max(64),
});

export type StartSignupInput = z.infer<typeof startSignupSchema>;
