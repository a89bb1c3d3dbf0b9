import { Router, type RequestHandler } from "express";
import { changePasswordRoute } from "../change-password/change-password.route";
import { accessLog } from "../edge/access-log";
import { apiJsonBody, twilioFormBody } from "../edge/body-parsers";
import { originCheck } from "../edge/origin-check";
import { bodyEmail, clientIp, limitBy } from "../edge/rate-limits";
import { securityHeaders } from "../edge/security-headers";
import { staticWebApp } from "../edge/static-web-app";
import { twilioSignatureCheck } from "../edge/twilio-signature";
import type { GatewayDeps } from "../gateway-deps";
import { loginRoute } from "../login/login.route";
import { logoutRoute } from "../logout/logout.route";
import { registerRoute } from "../register/register.route";
import { resetPasswordRoute } from "../reset-password/reset-password.route";
import { apiAuthGate } from "../routing/auth-gate";
import { forwardByTable, type InProcessServices, type Upstreams } from "../routing/forward-by-table";
import { internalHeaderPolicy } from "../routing/internal-header-policy";
import type { SelfAddress } from "../routing/self-address";
import { series, whenBody } from "./series";
import { sessionMiddleware } from "../session/session-middleware";
import { sessionUser } from "../session/session-user";

/** The edge's settings (service.ts reads them from the platform's and the gateway's config). */
export interface GatewayEdgeOptions {
  publicBaseUrl: string;
  internalSecret: string;
  allowedOrigins: string[];
  twilioAuthToken: string;
  session: { secret: string; maxAgeMs: number };
  upstreams: Upstreams | undefined;
  inProcess?: InProcessServices;
  self: SelfAddress | undefined;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

/** The session's life cycle and the password changes that end sessions: the gateway's own endpoints (mounted at /api). */
function gatewayEndpoints(deps: GatewayDeps): RequestHandler {
  const { limits } = deps;
  const endpoints = Router();
  endpoints.post("/login", loginRoute(deps));
  endpoints.post("/register", registerRoute(deps));
  endpoints.post("/logout", logoutRoute());
  endpoints.put("/auth/change-password", changePasswordRoute(deps));
  endpoints.post("/auth/reset-password", resetPasswordRoute(deps));
  // Rate limits in front of identity's public endpoints (then on to the route table).
  endpoints.post(
    "/auth/forgot-password",
    limitBy((req) => [
      [limits.forgotPasswordIp, clientIp(req)],
      [limits.forgotPasswordEmail, bodyEmail(req)],
    ]),
  );
  endpoints.post("/auth/resend-verification", limitBy((req) => [[limits.resendVerification, sessionUser(req)?.id]]));
  // Every other /api request skips the router (express matches paths case-insensitively, with or without a trailing slash).
  const paths = new Set(["/api/login", "/api/register", "/api/logout", "/api/auth/change-password", "/api/auth/reset-password", "/api/auth/forgot-password", "/api/auth/resend-verification"]);
  return (req, res, next) => {
    const path = (req.originalUrl.split("?")[0] ?? "").toLowerCase().replace(/\/+$/, "");
    if (!paths.has(path)) return next();
    return endpoints(req, res, next);
  };
}

/**
 * The gateway's one Router, the public edge, in order: headers, identity of the caller, webhooks,
 * then /api with sessions, the gateway's own endpoints (full paths) and the route table.
 */
export function createGatewayRouter(deps: GatewayDeps, edge: GatewayEdgeOptions): Router {
  const { limits } = deps;
  const router = Router();
  const forward = forwardByTable(edge.upstreams, deps.logger, edge.inProcess);

  // Every request: one layer (see series).
  router.use(
    series(
      accessLog(deps.logger),
      ...(edge.self ? [edge.self.capture] : []),
      securityHeaders(edge.publicBaseUrl),
      internalHeaderPolicy(edge.internalSecret, edge.upstreams === undefined),
    ),
  );

  router.use("/webhooks", limitBy((req) => [[limits.webhookIp, clientIp(req)]]));
  router.use("/webhooks/twilio", twilioFormBody, twilioSignatureCheck(edge.twilioAuthToken, edge.publicBaseUrl));
  // Stripe's signature covers the raw body, so the gateway leaves it unread for billing.
  router.use("/webhooks", forward);
  router.use("/dev", forward);

  const session = sessionMiddleware(deps.sessions, deps.clock, { ...edge.session, secure: edge.publicBaseUrl.startsWith("https:") });
  router.use("/api", series(noStore, originCheck([edge.publicBaseUrl, ...edge.allowedOrigins]), whenBody(series(...apiJsonBody)), session));
  router.use("/api", gatewayEndpoints(deps));
  router.use("/api", series(apiAuthGate(edge.internalSecret), forward));
  // Last: the built web app for every other page path (nothing when web/dist is missing).
  router.use(staticWebApp());
  return router;
}
