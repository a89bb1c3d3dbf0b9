import "@/styles/signed-in.css";
import { CreditCardOutlined, DownloadOutlined, FileTextOutlined } from "@ant-design/icons";
import { Button, Skeleton } from "antd";
import { Badge } from "@/shared/ui/badge";
import { useState } from "react";
import { errorMessage } from "@/shared/api/client";
import { ChoosePlanAlert } from "@/shared/billing/choose-plan-alert";
import { useBilling } from "@/shared/billing/get-billing";
import { PLAN_NOTICE_TEXT } from "@/shared/billing/plan-notice";
import { usePlanNotice } from "@/shared/billing/use-plan-notice";
import { SectionError } from "@/shared/ui/section-error";
import { toast } from "@/shared/ui/toast/toast-store";
import { invoiceUrl, openInvoice } from "../api/download-invoice";
import {
  DOWNLOAD_STAGGER_MS,
  formatEpochDate,
  formatInvoiceAmount,
  invoiceFileName,
  invoiceLabel,
  invoiceStatusLabel,
  summarizeSubscription,
} from "../lib/billing-display";
import { PlanCards } from "./plan-cards";
import { SubscriptionCard } from "./subscription-card";

const DOWNLOAD_UNAVAILABLE = {
  title: "Download Unavailable",
  description: "Invoice download is not available for this invoice. Please contact support.",
  variant: "destructive",
} as const;

async function download(invoice: Parameters<typeof invoiceUrl>[0] & { number: string | null }): Promise<boolean> {
  try {
    const url = await invoiceUrl(invoice);
    if (!url) {
      toast(DOWNLOAD_UNAVAILABLE);
      return false;
    }
    openInvoice(url, invoiceFileName(invoice));
    return true;
  } catch (error) {
    toast({ title: "Download Failed", description: errorMessage(error, "The invoice could not be downloaded. Please try again."), variant: "destructive" });
    return false;
  }
}

/** Billing and plans (docs/product.md sections 2, 4, 8). */
export function BillingPage() {
  const billing = useBilling();
  const plan = usePlanNotice();
  const [downloading, setDownloading] = useState(false);
  if (billing.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (billing.isError) return <SectionError what="your billing details" onRetry={() => void billing.refetch()} />;
  const data = billing.data;
  const summary = summarizeSubscription(data);
  const invoices = data.invoices;

  const downloadAll = async () => {
    if (invoices.length === 0) {
      toast({ title: "No Invoices Available", description: "No downloadable invoices found", variant: "destructive" });
      return;
    }
    setDownloading(true);
    for (const [index, invoice] of invoices.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, DOWNLOAD_STAGGER_MS));
      await download(invoice);
    }
    setDownloading(false);
  };

  return (
    <div className="rb-billing">
      <header className="rb-doc__header">
        <h1 className="rb-h2">Billing &amp; Plans</h1>
        <p className="rb-lead">Your subscription, your card and your invoices.</p>
      </header>
      {plan.notice ? (
        <ChoosePlanAlert
          title={PLAN_NOTICE_TEXT[plan.notice].title}
          description={PLAN_NOTICE_TEXT[plan.notice].description}
          checkout={plan.checkout}
          testId="billing-plan-notice"
        />
      ) : null}
      <SubscriptionCard summary={summary} hasSubscription={Boolean(data.subscription)} />
      <PlanCards current={summary.plan} currentFrequency={summary.frequency} subscribe={plan.notice !== null} />
      <section className="rb-card rb-billing__section" aria-labelledby="payment-methods">
        <h2 id="payment-methods" className="rb-h3">
          Payment methods
        </h2>
        {data.paymentMethods.length === 0 ? (
          <p className="rb-muted">No card on file.</p>
        ) : (
          <ul className="rb-billing__cards">
            {data.paymentMethods.map((method) => (
              <li key={method.id} className="rb-billing__card">
                <CreditCardOutlined aria-hidden className="rb-billing__card-icon" />
                <span>
                  <strong>
                    {method.card.brand.charAt(0).toUpperCase() + method.card.brand.slice(1)} •••• {method.card.last4}
                  </strong>
                  <span className="rb-muted">
                    {" "}
                    Expires {String(method.card.exp_month).padStart(2, "0")}/{String(method.card.exp_year).slice(-2)}
                  </span>
                </span>
                {method.is_default ? <Badge tone="success">Default</Badge> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="rb-card rb-billing__section" aria-labelledby="invoices">
        <div className="rb-billing__head">
          <h2 id="invoices" className="rb-h3">
            Invoices
          </h2>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadAll()} loading={downloading}>
            Download All
          </Button>
        </div>
        {invoices.length === 0 ? (
          <div className="rb-empty">
            <p className="rb-empty__title">No invoices yet</p>
            <p className="rb-muted">Your first invoice appears here after your first payment.</p>
          </div>
        ) : (
          <ul className="rb-invoices">
            {invoices.map((invoice) => (
              <li key={invoice.id} className="rb-invoice" data-testid="invoice">
                <FileTextOutlined aria-hidden className="rb-invoice__icon" />
                <span className="rb-invoice__name">
                  <strong>{invoiceLabel(invoice)}</strong>
                  <span className="rb-muted">{formatEpochDate(invoice.created)}</span>
                </span>
                <span className="rb-invoice__amount">{formatInvoiceAmount(invoice.amount_paid)}</span>
                <Badge tone={invoice.status === "paid" ? "success" : "neutral"}>{invoiceStatusLabel(invoice.status)}</Badge>
                <Button icon={<DownloadOutlined />} onClick={() => void download(invoice)} aria-label={`Download ${invoiceLabel(invoice)}`}>
                  <span className="rb-invoice__download-label">Download</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
