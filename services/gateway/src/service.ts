import { loadConfig, type PlatformRuntime, type ServiceDefinition } from "@rebound/platform";
import { assertGatewayProductionSafe, gatewayConfigSchema, type GatewayConfig } from "./config";
import { createRateLimiters, rateLimitSetting, type RateLimitName, type RateLimitSetting } from "./edge/rate-limits";
import { pageSecurityHeaders } from "./edge/security-headers";
import { statusCallbackEarlyAnswer } from "./edge/status-callback-early-answer";
import type { GatewayDeps } from "./gateway-deps";
import { createGatewayRouter } from "./http/gateway-router";
import { createBillingClient, type BillingClient } from "./identity/billing-client";
import { createIdentityClient, type IdentityClient } from "./identity/identity-client";
import { pruneSessionsJob } from "./jobs/prune-sessions.job";
import { linkServices, type Upstreams } from "./routing/upstream";
import { onUserProfileChangedHandler } from "./session/on-user-profile-changed.handler";
import { createGatewayDb } from "./store/gateway-db";
import { SESSION_CACHE_MS, SessionCache } from "./store/session-cache";
import { SessionRepository } from "./store/session.repository";
import { SIMULATOR_MAIN_ACCOUNT_SID } from "@rebound/providers/telephony";
import { createTwilioKeyResolver, type FetchWebhookKey } from "./webhook-signature/twilio-key-resolver";
import { createWebhookKeyClient } from "./webhook-signature/webhook-key-client";

export type { Upstream, Upstreams } from "./routing/upstream";
export { ROUTE_TABLE, type ServiceName } from "./routing/route-table";

/** What the composition root hands createGatewayService. */
export interface GatewayServiceDeps {
  /**
   * How each service is reached, for clients' requests (the route table) and the gateway's own
   * calls (identity's credentials, billing's sign-up) alike: its router in this process (standalone) or its base URL
   * (distributed). A service without one answers 503.
   */
  upstreams: Upstreams;
  /** Settings; read from the environment when absent. */
  config?: GatewayConfig;
  /** Replaces the client of identity's internal API (tests). */
  identity?: IdentityClient;
  /** Replaces the client of billing's internal API (tests). */
  billing?: BillingClient;
  /** Replaces telephony's webhook-key lookup (tests). */
  webhookKeys?: FetchWebhookKey;
  /** Overrides rate limit settings (tests make windows short). */
  rateLimits?: Partial<Record<RateLimitName, RateLimitSetting>>;
  /** Key prefix of the limiters, so test runs sharing a Redis do not share counters. */
  rateLimitPrefix?: string;
}

/** Gateway: the public edge (docs/architecture.md). */
export function createGatewayService(runtime: PlatformRuntime, serviceDeps: GatewayServiceDeps): ServiceDefinition {
  const config = serviceDeps.config ?? loadConfig(gatewayConfigSchema);
  assertGatewayProductionSafe(config, runtime.config.NODE_ENV);
  const { PUBLIC_BASE_URL, INTERNAL_AUTH_SECRET } = runtime.config;
  const logger = runtime.logger.child({ service: "gateway" });
  const sessions = new SessionRepository(createGatewayDb(runtime), new SessionCache(SESSION_CACHE_MS));
  const links = linkServices(serviceDeps.upstreams, logger);

  const deps: GatewayDeps = {
    identity: serviceDeps.identity ?? createIdentityClient(links.get("identity"), INTERNAL_AUTH_SECRET),
    billing: serviceDeps.billing ?? createBillingClient(links.get("billing"), INTERNAL_AUTH_SECRET),
    sessions,
    limits: createRateLimiters(runtime.rateLimiters, serviceDeps.rateLimits, serviceDeps.rateLimitPrefix),
    clock: runtime.clock,
    logger,
  };
  const twilioKeys = createTwilioKeyResolver({
    // Without TWILIO_ACCOUNT_SID the carrier simulator's main account signs with the dev token.
    mainAccountSid: config.TWILIO_ACCOUNT_SID ?? SIMULATOR_MAIN_ACCOUNT_SID,
    mainAuthToken: config.TWILIO_AUTH_TOKEN,
    // With Twilio, an account that is not ours is refused; with the simulator, its main (dev) token checks it.
    unknownAccounts: config.TWILIO_ACCOUNT_SID ? "refuse" : "main",
    fetchKey: serviceDeps.webhookKeys ?? createWebhookKeyClient(links.get("telephony"), INTERNAL_AUTH_SECRET),
  });
  const router = createGatewayRouter(deps, {
    publicBaseUrl: PUBLIC_BASE_URL,
    internalSecret: INTERNAL_AUTH_SECRET,
    allowedOrigins: config.ALLOWED_ORIGINS,
    loopbackOriginAliases: runtime.config.NODE_ENV !== "production",
    twilioKeys,
    session: { secret: config.SESSION_SECRET, maxAgeMs: config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60_000 },
    links,
  });

  // The early answer waits for the webhook limit without the express path's budget for a slow store: only a
  // limit counted in memory (the default) is certain to answer at once.
  const earlyAnswers = rateLimitSetting("webhookIp", serviceDeps.rateLimits).perReplica
    ? [
        statusCallbackEarlyAnswer({
          keys: twilioKeys,
          publicBaseUrl: PUBLIC_BASE_URL,
          limiter: deps.limits.webhookIp,
          headers: pageSecurityHeaders(PUBLIC_BASE_URL),
          logger,
        }),
      ]
    : [];

  return {
    name: "gateway",
    router,
    earlyAnswers,
    consumers: [onUserProfileChangedHandler(deps)],
    jobs: [pruneSessionsJob(sessions, runtime.clock, logger)],
  };
}
