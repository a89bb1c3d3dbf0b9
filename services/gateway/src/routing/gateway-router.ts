import { Router, type RequestHandler } from "express";
import type { Clock, Logger } from "@rebound/platform";
import { accessLog } from "../edge/access-log";
import { apiJsonBody, twilioFormBody } from "../edge/body-parsers";
import { originCheck } from "../edge/origin-check";
import { bodyEmail, clientIp, limitBy, type RateLimiters } from "../edge/rate-limits";
import { securityHeaders } from "../edge/security-headers";
import { twilioSignatureCheck } from "../edge/twilio-signature";
import { passwordRoutes, sessionRoutes } from "../auth/auth.routes";
import type { IdentityClient } from "../identity/identity-client";
import { sessionMiddleware } from "../session/session-middleware";
import { sessionUser } from "../session/session-user";
import type { SessionRepository } from "../store/session.repository";
import { apiAuthGate } from "./auth-gate";
import { forwardByTable, type Upstreams } from "./forward-by-table";
import { internalHeaderPolicy } from "./internal-header-policy";
import type { SelfAddress } from "./self-address";

export interface GatewayRouterDeps {
  publicBaseUrl: string;
  internalSecret: string;
  allowedOrigins: string[];
  twilioAuthToken: string;
  session: { secret: string; maxAgeMs: number };
  upstreams: Upstreams | undefined;
  self: SelfAddress | undefined;
  identity: IdentityClient;
  sessions: SessionRepository;
  limits: RateLimiters;
  clock: Clock;
  logger: Logger;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

/** The public edge, in order: headers, identity of the caller, webhooks, then /api with sessions and the route table. */
export function gatewayRouter(deps: GatewayRouterDeps): Router {
  const { limits } = deps;
  const router = Router();
  const forward = forwardByTable(deps.upstreams, deps.logger);

  router.use(accessLog(deps.logger));
  if (deps.self) router.use(deps.self.capture);
  router.use(securityHeaders(deps.publicBaseUrl));
  router.use(internalHeaderPolicy(deps.internalSecret, deps.upstreams === undefined));

  router.use("/webhooks", limitBy((req) => [[limits.webhookIp, clientIp(req)]]));
  router.use("/webhooks/twilio", twilioFormBody, twilioSignatureCheck(deps.twilioAuthToken, deps.publicBaseUrl));
  // Stripe's signature covers the raw body, so the gateway leaves it unread for billing.
  router.use("/webhooks", forward);
  router.use("/dev", forward);

  const session = sessionMiddleware(deps.sessions, deps.clock, { ...deps.session, secure: deps.publicBaseUrl.startsWith("https:") });
  router.use("/api", noStore, originCheck([deps.publicBaseUrl, ...deps.allowedOrigins]), apiJsonBody, session);
  const endpoints = { identity: deps.identity, sessions: deps.sessions, limits, logger: deps.logger };
  router.use(sessionRoutes(endpoints));
  router.use(passwordRoutes(endpoints));
  router.post(
    "/api/auth/forgot-password",
    limitBy((req) => [
      [limits.forgotPasswordIp, clientIp(req)],
      [limits.forgotPasswordEmail, bodyEmail(req)],
    ]),
  );
  router.post("/api/auth/resend-verification", limitBy((req) => [[limits.resendVerification, sessionUser(req)?.id]]));
  router.use("/api", apiAuthGate(deps.internalSecret), forward);
  return router;
}
