import { z } from "zod";

export const changePlanSchema = z.object({
  planName: z.enum(["starter", "professional", "enterprise", "custom"], { error: "Plan must be starter, professional or enterprise" }),
  billingFrequency: z.enum(["monthly", "yearly"], { error: "Billing frequency must be monthly or yearly" }).default("monthly"),
});

export type ChangePlanInput = z.infer<typeof changePlanSchema>;
