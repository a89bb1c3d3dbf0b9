import { z } from "zod";

const PRICE_ID = /^(starter|professional|enterprise|custom)-(monthly|yearly)$/;

/** POST /api/create-subscription {priceId: "starter-monthly" | ..., billingFrequency}. */
export const createSubscriptionSchema = z.object({
  priceId: z.string({ error: "priceId is required" }).regex(PRICE_ID, "priceId must be a plan and frequency, e.g. starter-monthly"),
  billingFrequency: z.enum(["monthly", "yearly"], { error: "Billing frequency must be monthly or yearly" }).optional(),
});

/** POST /api/billing/local/confirm-subscription: after the local card form confirmed the checkout's setup. */
export const confirmSubscriptionSchema = z.object({
  clientSecret: z.string({ error: "clientSecret is required" }).min(1, "clientSecret is required").max(512, "clientSecret is not valid"),
  paymentMethodId: z.string({ error: "A payment method is required" }).trim().min(1, "A payment method is required").max(255),
});

export function parsePriceId(priceId: string): { plan: string; frequency: "monthly" | "yearly" } {
  const [, plan = "starter", frequency = "monthly"] = PRICE_ID.exec(priceId) ?? [];
  return { plan, frequency: frequency === "yearly" ? "yearly" : "monthly" };
}
