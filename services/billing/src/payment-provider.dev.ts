// Development's payment provider (exported as @rebound/billing/dev): Stripe when STRIPE_SECRET_KEY is
// set, else the payment simulator (@rebound/payment-simulator) over billing's own tables
// (local_objects, local_counters). Imported only by dev composition roots (billing's main.dev.ts,
// standalone) and tests; production (main.ts, the production image) never contains it.
import type { PlatformRuntime } from "@rebound/platform";
import { PaymentSimulator } from "@rebound/payment-simulator";
import type { BillingConfig } from "./config";
import { createStripePaymentProvider, localInvoicePdfUrl } from "./provider/create-payment-provider";
import type { PaymentProvider } from "./provider/payment-provider";
import { createBillingDb } from "./store/billing-db";
import { LocalLedgerRepository } from "./store/local-ledger.repository";

export function createDevPaymentProvider(
  runtime: PlatformRuntime,
  config: BillingConfig,
  publicBaseUrl: () => string = () => runtime.config.PUBLIC_BASE_URL,
): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) return createStripePaymentProvider(runtime, config);
  return new PaymentSimulator(
    new LocalLedgerRepository(createBillingDb(runtime)),
    runtime.clock,
    {
      retryIntervalDays: config.PAYMENT_RETRY_INTERVAL_DAYS,
      maxRetries: config.PAYMENT_MAX_RETRIES,
      trialNoticeDays: config.TRIAL_ENDING_NOTICE_DAYS,
      invoicePdfUrl: (invoiceId) => localInvoicePdfUrl(publicBaseUrl(), invoiceId),
      setupIntentSecret: runtime.config.INTERNAL_AUTH_SECRET,
    },
    runtime.logger.child({ module: "payment-simulator" }),
  );
}
