import type { PlatformRuntime } from "@rebound/platform";
import { stripePriceIds, type BillingConfig } from "../config";
import type { PaymentProvider } from "./payment-provider";
import { StripePaymentProvider } from "./stripe/stripe-payment-provider";

/** Where billing serves an invoice's PDF (the payment simulator's invoices have no hosted page). */
export const localInvoicePdfUrl = (publicBaseUrl: string, invoiceId: string) =>
  `${publicBaseUrl.replace(/\/$/, "")}/api/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;

/**
 * The Stripe provider, the only one production builds (main.ts): STRIPE_SECRET_KEY is required. The
 * dev entries choose between it and the payment simulator (payment-provider.dev.ts).
 */
export function createStripePaymentProvider(runtime: PlatformRuntime, config: BillingConfig): PaymentProvider {
  if (!config.STRIPE_SECRET_KEY) {
    throw new Error("STRIPE_SECRET_KEY is not set: billing's production entry runs on Stripe only (the payment simulator is in the dev entry, main.dev.ts)");
  }
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
