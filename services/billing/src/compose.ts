// The composition root of the billing process: its settings, the mailer, identity's URL, the payment
// provider an entry chose, the service, runServiceMain. main.ts (production image) chooses Stripe;
// main.dev.ts (dev image, start:distributed) chooses Stripe when configured, else the payment simulator.
import { loadConfig, runServiceMain, type PlatformRuntime, type ProviderNeed } from "@rebound/platform";
import { createMailer, mailConfigSchema } from "@rebound/providers/mail";
import {
  billingConfigSchema,
  createBillingService,
  createStripePaymentProvider,
  identityLinkConfigSchema,
  type BillingConfig,
  type PaymentProvider,
} from "./service";

export interface PaymentProviderChoice {
  /** Provider settings this choice cannot do without, whatever NODE_ENV (production: Stripe's). */
  requires: readonly ProviderNeed[];
  create(runtime: PlatformRuntime, config: BillingConfig): PaymentProvider;
}

/** Production: Stripe only. */
export const STRIPE: PaymentProviderChoice = { requires: ["payments"], create: createStripePaymentProvider };

export async function runBilling(choice: PaymentProviderChoice = STRIPE): Promise<void> {
  const config = loadConfig(billingConfigSchema);
  const { IDENTITY_URL } = loadConfig(identityLinkConfigSchema);
  await runServiceMain(
    "billing",
    (runtime) => {
      const mailer = createMailer(loadConfig(mailConfigSchema, { ...process.env, DATA_DIR: runtime.config.DATA_DIR }));
      const service = createBillingService(runtime, { provider: choice.create(runtime, config), identity: IDENTITY_URL, mailer, config });
      return {
        ...service,
        stop: async () => {
          await service.stop?.();
          await mailer.close();
        },
      };
    },
    { providers: ["payments", "mail"], requires: choice.requires },
  );
}
