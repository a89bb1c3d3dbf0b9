import { loadConfig, type PlatformRuntime, type ServiceDefinition } from "@rebound/platform";
import { assertGatewayProductionSafe, gatewayConfigSchema, type GatewayConfig } from "./config";
import { createRateLimiters, type RateLimitName, type RateLimitSetting } from "./edge/rate-limits";
import type { GatewayDeps } from "./gateway-deps";
import { createGatewayRouter } from "./http/gateway-router";
import { createHttpBillingClient, type BillingClient } from "./identity/billing-client";
import { createHttpIdentityClient, type IdentityClient } from "./identity/identity-client";
import { pruneSessionsJob } from "./jobs/prune-sessions.job";
import type { InProcessServices, Upstreams } from "./routing/forward-by-table";
import { SelfAddress } from "./routing/self-address";
import { onUserProfileChangedHandler } from "./session/on-user-profile-changed.handler";
import { createGatewayDb } from "./store/gateway-db";
import { SESSION_CACHE_MS, SessionCache } from "./store/session-cache";
import { SessionRepository } from "./store/session.repository";

export type { InProcessServices, Upstreams } from "./routing/forward-by-table";
export { ROUTE_TABLE, type ServiceName } from "./routing/route-table";

/** What the composition root hands createGatewayService (all optional: standalone passes nothing). */
export interface GatewayServiceDeps {
  /** Distributed mode: each service's base URL; the gateway proxies to them. Absent: standalone, services mounted in process. */
  upstreams?: Upstreams;
  /** Standalone: the services' routers, so a request goes straight to its service (the route table's). */
  inProcess?: InProcessServices;
  /** Settings; read from the environment when absent. */
  config?: GatewayConfig;
  /** Replaces the HTTP client of identity's internal API (tests). */
  identity?: IdentityClient;
  /** Replaces the HTTP client of billing's internal API (tests). */
  billing?: BillingClient;
  /** Overrides rate limit settings (tests make windows short). */
  rateLimits?: Partial<Record<RateLimitName, RateLimitSetting>>;
  /** Key prefix of the limiters, so test runs sharing a Redis do not share counters. */
  rateLimitPrefix?: string;
}

/** Gateway: the public edge (ARCHITECTURE.md section 7). */
export function createGatewayService(runtime: PlatformRuntime, serviceDeps: GatewayServiceDeps = {}): ServiceDefinition {
  const config = serviceDeps.config ?? loadConfig(gatewayConfigSchema);
  assertGatewayProductionSafe(config, runtime.config.NODE_ENV);
  const { PUBLIC_BASE_URL, INTERNAL_AUTH_SECRET } = runtime.config;
  const logger = runtime.logger.child({ service: "gateway" });
  const sessions = new SessionRepository(createGatewayDb(runtime), new SessionCache(SESSION_CACHE_MS));
  const self = serviceDeps.upstreams ? undefined : new SelfAddress();
  const identityUrl = () => serviceDeps.upstreams?.identity ?? (self as SelfAddress).url();
  const billingUrl = () => serviceDeps.upstreams?.billing ?? (self as SelfAddress).url();

  const deps: GatewayDeps = {
    identity: serviceDeps.identity ?? createHttpIdentityClient(identityUrl, INTERNAL_AUTH_SECRET),
    billing: serviceDeps.billing ?? createHttpBillingClient(billingUrl, INTERNAL_AUTH_SECRET),
    sessions,
    limits: createRateLimiters(runtime.rateLimiters, serviceDeps.rateLimits, serviceDeps.rateLimitPrefix),
    clock: runtime.clock,
    logger,
  };
  const router = createGatewayRouter(deps, {
    publicBaseUrl: PUBLIC_BASE_URL,
    internalSecret: INTERNAL_AUTH_SECRET,
    allowedOrigins: config.ALLOWED_ORIGINS,
    loopbackOriginAliases: runtime.config.NODE_ENV !== "production",
    twilioAuthToken: config.TWILIO_AUTH_TOKEN,
    session: { secret: config.SESSION_SECRET, maxAgeMs: config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60_000 },
    upstreams: serviceDeps.upstreams,
    inProcess: serviceDeps.inProcess,
    self,
  });

  return {
    name: "gateway",
    router,
    consumers: [onUserProfileChangedHandler(deps)],
    jobs: [pruneSessionsJob(sessions, runtime.clock, logger)],
  };
}
