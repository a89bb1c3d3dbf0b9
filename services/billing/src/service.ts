import { loadConfig, type JobDefinition, type PlatformRuntime, type ServiceDefinition, type Upstream } from "@rebound/platform";
import { type Mailer } from "@rebound/providers/mail";
import type { BillingDeps } from "./billing-deps";
import { billingConfigSchema, type BillingConfig } from "./config";
import { onPhoneNumberEventsHandler } from "./dedicated-number/on-phone-number-events.handler";
import { createBillingRouter } from "./http/billing-router";
import { createIdentityClient } from "./identity/identity-client";
import { localInvoicePdfUrl } from "./provider/create-payment-provider";
import { handleProviderEvent } from "./provider-events/handle-provider-event.use-case";
import type { PaymentProvider } from "./provider/payment-provider";
import { abandonStaleSignups } from "./signup/abandon-signup.use-case";
import { createBillingDb } from "./store/billing-db";
import { CustomerRepository } from "./store/customer.repository";
import { MirrorRepository } from "./store/mirror.repository";
import { PaymentEventRepository } from "./store/payment-event.repository";

export { billingConfigSchema, identityLinkConfigSchema, type BillingConfig } from "./config";
export { createStripePaymentProvider } from "./provider/create-payment-provider";
export type { PaymentProvider } from "./provider/payment-provider";

export interface BillingServiceDeps {
  /** Stripe (main.ts: createStripePaymentProvider) or, in development, the payment simulator (@rebound/billing/dev). */
  provider: PaymentProvider;
  /** Identity, where sign-up creates the account: its router in process (standalone) or IDENTITY_URL (distributed); none: sign-up answers 503. */
  identity?: Upstream;
  /** Receipts, trial ending, payment failed, cancelled and reactivated e-mails. */
  mailer: Mailer;
  /** Settings; missing keys come from the environment (billingConfigSchema). */
  config?: Partial<BillingConfig>;
  /** Our public URL when it is only known after start (tests on port 0); default PUBLIC_BASE_URL. */
  publicBaseUrl?: () => string;
}

export { NUMBERS_CONSUMER } from "./dedicated-number/on-phone-number-events.handler";
export const BILLING_CYCLE_JOB = "billing:cycle";

/**
 * Billing: plans, subscriptions with the $1 trial, plan changes, cancellation, invoices, the
 * sign-up saga, Stripe webhooks, and SubscriptionChanged for every other service.
 */
export function createBillingService(runtime: PlatformRuntime, serviceDeps: BillingServiceDeps): ServiceDefinition {
  const config: BillingConfig = { ...loadConfig(billingConfigSchema), ...serviceDeps.config };
  const publicBaseUrl = serviceDeps.publicBaseUrl ?? (() => runtime.config.PUBLIC_BASE_URL);
  const db = createBillingDb(runtime);
  const deps: BillingDeps = {
    db,
    customers: new CustomerRepository(db),
    mirror: new MirrorRepository(db),
    paymentEvents: new PaymentEventRepository(),
    provider: serviceDeps.provider,
    identity: createIdentityClient(serviceDeps.identity, runtime.config.INTERNAL_AUTH_SECRET, runtime.logger),
    mailer: serviceDeps.mailer,
    config,
    links: {
      billingPage: () => `${publicBaseUrl().replace(/\/$/, "")}/billing`,
      invoicePdf: (invoiceId) => localInvoicePdfUrl(publicBaseUrl(), invoiceId),
    },
    clock: runtime.clock,
    logger: runtime.logger.child({ service: "billing" }),
  };
  // The local provider delivers its events in process; Stripe's come as webhooks.
  serviceDeps.provider.setEventSink?.(async (event) => {
    await handleProviderEvent(deps, event);
  });

  const jobs: JobDefinition[] = [
    { name: "billing:abandoned-signups", intervalMs: config.ABANDONED_SIGNUP_JOB_INTERVAL_MS, run: async () => void (await abandonStaleSignups(deps)) },
  ];
  const cycle = serviceDeps.provider.runBillingCycle?.bind(serviceDeps.provider);
  if (cycle) jobs.push({ name: BILLING_CYCLE_JOB, intervalMs: config.BILLING_CYCLE_INTERVAL_MS, run: async () => void (await cycle(runtime.clock.now())) });

  return {
    name: "billing",
    router: createBillingRouter(deps, runtime.config.INTERNAL_AUTH_SECRET),
    consumers: [onPhoneNumberEventsHandler(deps)],
    jobs,
  };
}
