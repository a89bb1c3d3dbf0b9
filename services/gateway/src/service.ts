import { loadConfig, type PlatformRuntime, type ServiceDefinition } from "@rebound/platform";
import { assertGatewayProductionSafe, gatewayConfigSchema, type GatewayConfig } from "./config";
import { createRateLimiters, type RateLimitName, type RateLimitSetting } from "./edge/rate-limits";
import { createHttpIdentityClient, type IdentityClient } from "./identity/identity-client";
import { pruneSessionsJob } from "./jobs/prune-sessions.job";
import type { Upstreams } from "./routing/forward-by-table";
import { gatewayRouter } from "./routing/gateway-router";
import { SelfAddress } from "./routing/self-address";
import { sessionEmailConsumer } from "./session/on-user-profile-changed.handler";
import { createGatewayDb } from "./store/gateway-db";
import { SessionRepository } from "./store/session.repository";

export type { Upstreams } from "./routing/forward-by-table";
export { ROUTE_TABLE, type ServiceName } from "./routing/route-table";

export interface GatewayOptions {
  /** Distributed mode: each service's base URL; the gateway proxies to them. Absent: standalone, services mounted in process. */
  upstreams?: Upstreams;
  /** Settings; read from the environment when absent. */
  config?: GatewayConfig;
  /** Replaces the HTTP client of identity's internal API (tests). */
  identity?: IdentityClient;
  /** Overrides rate limit settings (tests make windows short). */
  rateLimits?: Partial<Record<RateLimitName, RateLimitSetting>>;
  /** Key prefix of the limiters, so test runs sharing a Redis do not share counters. */
  rateLimitPrefix?: string;
}

/** Gateway: the public edge (ARCHITECTURE.md section 7). */
export function createGatewayService(runtime: PlatformRuntime, options: GatewayOptions = {}): ServiceDefinition {
  const config = options.config ?? loadConfig(gatewayConfigSchema);
  assertGatewayProductionSafe(config, runtime.config.NODE_ENV);
  const { PUBLIC_BASE_URL, INTERNAL_AUTH_SECRET } = runtime.config;
  const logger = runtime.logger.child({ service: "gateway" });
  const sessions = new SessionRepository(createGatewayDb(runtime));
  const self = options.upstreams ? undefined : new SelfAddress();
  const identityUrl = () => options.upstreams?.identity ?? (self as SelfAddress).url();

  const router = gatewayRouter({
    publicBaseUrl: PUBLIC_BASE_URL,
    internalSecret: INTERNAL_AUTH_SECRET,
    allowedOrigins: config.ALLOWED_ORIGINS,
    twilioAuthToken: config.TWILIO_AUTH_TOKEN,
    session: { secret: config.SESSION_SECRET, maxAgeMs: config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60_000 },
    upstreams: options.upstreams,
    self,
    identity: options.identity ?? createHttpIdentityClient(identityUrl, INTERNAL_AUTH_SECRET),
    sessions,
    limits: createRateLimiters(runtime.rateLimiters, options.rateLimits, options.rateLimitPrefix),
    clock: runtime.clock,
    logger,
  });

  return {
    name: "gateway",
    router,
    consumers: [sessionEmailConsumer(sessions)],
    jobs: [pruneSessionsJob(sessions, runtime.clock, logger)],
  };
}
