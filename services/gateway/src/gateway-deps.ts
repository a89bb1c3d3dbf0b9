import type { Clock, Logger } from "@rebound/platform";
import type { RateLimiters } from "./edge/rate-limits";
import type { BillingClient } from "./identity/billing-client";
import type { IdentityClient } from "./identity/identity-client";
import type { SessionRepository } from "./store/session.repository";

/** What the gateway's own endpoints, handlers and jobs work with; built once in service.ts. */
export interface GatewayDeps {
  /** Identity's internal API (credentials, password changes). */
  identity: IdentityClient;
  /** Billing's internal API (sign-up: billing owns the saga). */
  billing: BillingClient;
  sessions: SessionRepository;
  limits: RateLimiters;
  clock: Clock;
  logger: Logger;
}
