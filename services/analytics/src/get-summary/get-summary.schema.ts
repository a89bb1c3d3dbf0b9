import { z } from "zod";
import { isLocalDate } from "../domain/local-days";

const date = (what: string) =>
  z
    .string({ error: `${what} must be a date (YYYY-MM-DD)` })
    .refine(isLocalDate, `${what} must be a date (YYYY-MM-DD)`)
    .optional();

/** GET /api/analytics/summary?from&to: local dates in the business's time zone, both included. */
export const getSummaryQuerySchema = z
  .object({ from: date("From"), to: date("To") }, { error: "Query must be an object" })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ["from"], message: "From must not be after To" });

export type SummaryQuery = z.infer<typeof getSummaryQuerySchema>;
