import { z } from "zod";

/** The revenue estimate's inputs, saved in the business settings (the calculator's averageValue and closeRate). */
export const revenueInputsSchema = z.object({
  averageClientValue: z
    .number({ error: "Enter a whole number of dollars" })
    .int("Enter a whole number of dollars")
    .min(0, "Enter 0 or more")
    .max(1_000_000, "At most $1,000,000"),
  closeRate: z
    .number({ error: "Enter a percent from 0 to 100" })
    .int("Enter a whole percent")
    .min(0, "Enter a percent from 0 to 100")
    .max(100, "Enter a percent from 0 to 100"),
});

export type RevenueInputs = z.infer<typeof revenueInputsSchema>;
