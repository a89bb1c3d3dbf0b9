import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BillingDeps } from "../billing-deps";
import { parseInvoiceId } from "./invoices.schema";
import { invoiceDownloadUrl, invoicePdf } from "./invoices.use-case";

export function invoiceDownloadRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    res.json(await invoiceDownloadUrl(deps, currentUser(res).id, parseInvoiceId(req.params)));
  };
}

export function invoicePdfRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    const { filename, pdf } = await invoicePdf(deps, currentUser(res).id, parseInvoiceId(req.params));
    res.setHeader("content-type", "application/pdf");
    res.setHeader("content-disposition", `inline; filename="${filename}"`);
    res.setHeader("cache-control", "private, no-store");
    res.send(pdf);
  };
}
