import type { BillingInvoice } from "@rebound/contracts/domain";
import { api } from "@/shared/api/client";

/** GET /api/billing/invoice/{id}/download -> {download_url}: used when an invoice has no hosted URL or PDF. */
export async function invoiceDownloadUrl(invoiceId: string): Promise<string | null> {
  const { download_url } = await api.get<{ download_url?: string | null }>(`/api/billing/invoice/${encodeURIComponent(invoiceId)}/download`);
  return download_url || null;
}

/** Where an invoice can be read: its PDF, its hosted page, or the fallback endpoint's answer. */
export async function invoiceUrl(invoice: Pick<BillingInvoice, "id" | "invoice_pdf" | "hosted_invoice_url">): Promise<string | null> {
  return invoice.invoice_pdf || invoice.hosted_invoice_url || (await invoiceDownloadUrl(invoice.id));
}

/** Opens the invoice: a same-origin PDF downloads, anything else opens in a new tab. */
export function openInvoice(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
  if (sameOrigin) link.download = fileName;
  else {
    link.target = "_blank";
    link.rel = "noopener";
  }
  document.body.appendChild(link);
  link.click();
  link.remove();
}
