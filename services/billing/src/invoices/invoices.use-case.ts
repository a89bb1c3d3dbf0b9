import { notFound } from "@rebound/platform";
import type { BillingDeps } from "../billing-deps";
import { findUserAccount } from "../get-billing/user-account";
import type { MirroredInvoice } from "../store/mirror.repository";
import { renderInvoicePdf } from "./invoice-pdf";

const INVOICE_NOT_FOUND = "Invoice not found";

/** The user's own invoice; another customer's is a 404 like a missing one (the route validated the id's shape). */
async function ownInvoice(deps: BillingDeps, userId: string, invoiceId: string): Promise<{ invoice: MirroredInvoice; name: string; email: string }> {
  const account = await findUserAccount(deps, userId);
  const invoice = account ? await deps.mirror.invoice(invoiceId) : null;
  if (!account || !invoice || invoice.customerId !== account.customer.id) throw notFound(INVOICE_NOT_FOUND);
  return { invoice, name: account.customer.name, email: account.customer.email };
}

/** GET /api/billing/invoice/{id}/download -> {download_url}: the provider's PDF, or billing's own. */
export async function invoiceDownloadUrl(deps: BillingDeps, userId: string, invoiceId: string): Promise<{ download_url: string }> {
  const { invoice } = await ownInvoice(deps, userId, invoiceId);
  return { download_url: invoice.invoicePdf ?? invoice.hostedInvoiceUrl ?? deps.links.invoicePdf(invoice.id) };
}

/** GET /api/billing/invoices/{id}/pdf: the invoice as a PDF, rendered from the mirror. */
export async function invoicePdf(deps: BillingDeps, userId: string, invoiceId: string): Promise<{ filename: string; pdf: Buffer }> {
  const { invoice, name, email } = await ownInvoice(deps, userId, invoiceId);
  const pdf = await renderInvoicePdf({ invoice, customer: { name, email } });
  return { filename: `invoice-${(invoice.number ?? invoice.id).replace(/[^A-Za-z0-9-]/g, "")}.pdf`, pdf };
}
