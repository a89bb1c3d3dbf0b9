import type { Clock, Logger } from "@rebound/platform";
import type { Mailer } from "@rebound/providers/mail";
import type { BillingConfig } from "./config";
import type { IdentityClient } from "./identity/identity-client";
import type { PaymentProvider } from "./provider/payment-provider";
import type { BillingDb } from "./store/billing-db";
import type { CustomerRepository } from "./store/customer.repository";
import type { MirrorRepository } from "./store/mirror.repository";
import type { PaymentEventRepository } from "./store/payment-event.repository";

/** Absolute links billing puts in responses and e-mails. */
export interface BillingLinks {
  billingPage(): string;
  invoicePdf(invoiceId: string): string;
}

/** What the use cases of this service need; built once in service.ts. */
export interface BillingDeps {
  db: BillingDb;
  customers: CustomerRepository;
  mirror: MirrorRepository;
  paymentEvents: PaymentEventRepository;
  provider: PaymentProvider;
  /** Identity's internal API: sign-up creates the account there. */
  identity: IdentityClient;
  mailer: Mailer;
  config: BillingConfig;
  links: BillingLinks;
  clock: Clock;
  logger: Logger;
}
