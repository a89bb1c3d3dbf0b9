import type { PlatformRuntime } from "@rebound/platform";
import { stripePriceIds, type BillingConfig } from "../config";
import { createBillingDb } from "../store/billing-db";
import { LocalLedgerRepository } from "../store/local-ledger.repository";
import { LocalPaymentProvider } from "./local/local-payment-provider";
import type { PaymentProvider } from "./payment-provider";
import { StripePaymentProvider } from "./stripe/stripe-payment-provider";

/** Where billing serves the local provider's invoice PDFs. */
export const localInvoicePdfUrl = (publicBaseUrl: string, invoiceId: string) =>
  `${publicBaseUrl.replace(/\/$/, "")}/api/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;

/**
 * The payment provider configuration chooses: Stripe when STRIPE_SECRET_KEY is set, else the local
 * provider over billing's own tables. Called by the composition roots only (main.ts, standalone).
 */
export function createPaymentProvider(
  runtime: PlatformRuntime,
  config: BillingConfig,
  publicBaseUrl: () => string = () => runtime.config.PUBLIC_BASE_URL,
): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    return new StripePaymentProvider(
      {
        secretKey: config.STRIPE_SECRET_KEY,
        ...(config.STRIPE_PUBLISHABLE_KEY ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY } : {}),
        ...(config.STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.STRIPE_WEBHOOK_SECRET } : {}),
        ...(config.STRIPE_API_BASE_URL ? { apiBaseUrl: config.STRIPE_API_BASE_URL } : {}),
        prices: stripePriceIds(config),
      },
      runtime.logger.child({ module: "stripe" }),
    );
  }
  return new LocalPaymentProvider(
    new LocalLedgerRepository(createBillingDb(runtime)),
    runtime.clock,
    {
      retryIntervalDays: config.PAYMENT_RETRY_INTERVAL_DAYS,
      maxRetries: config.PAYMENT_MAX_RETRIES,
      trialNoticeDays: config.TRIAL_ENDING_NOTICE_DAYS,
      invoicePdfUrl: (invoiceId) => localInvoicePdfUrl(publicBaseUrl(), invoiceId),
      setupIntentSecret: runtime.config.INTERNAL_AUTH_SECRET,
    },
    runtime.logger.child({ module: "local-payments" }),
  );
}
