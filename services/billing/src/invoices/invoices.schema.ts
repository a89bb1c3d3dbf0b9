import { AppError } from "@rebound/platform";
import { z } from "zod";

export const INVALID_INVOICE_ID = "Invalid invoice id";

/** GET /api/billing/invoice/{id}/download and /api/billing/invoices/{id}/pdf: Stripe's `in_...` ids and the local provider's `in_local_<hex>`. */
export const invoiceParamsSchema = z.object({
  id: z.string().regex(/^in_[A-Za-z0-9_]{1,252}$/, INVALID_INVOICE_ID),
});

/** The path's invoice id, or a 400 (a NUL or any other character no invoice id has never reaches the database). */
export function parseInvoiceId(params: unknown): string {
  const parsed = invoiceParamsSchema.safeParse(params);
  if (!parsed.success) throw new AppError("BAD_REQUEST", INVALID_INVOICE_ID);
  return parsed.data.id;
}
