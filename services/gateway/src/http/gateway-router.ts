import { Router, type RequestHandler } from "express";
import { changePasswordRoute } from "../change-password/change-password.route";
import { accessLog } from "../edge/access-log";
import { emailChangeLimit } from "../edge/email-change-limit";
import { apiJsonBody, twilioFormBody } from "../edge/body-parsers";
import { originCheck } from "../edge/origin-check";
import { pathCheck } from "../edge/path-check";
import { bodyEmail, clientIp, limitBy, limitWebhooksBy } from "../edge/rate-limits";
import { apiSecurityHeaders, securityHeaders } from "../edge/security-headers";
import { staticWebApp } from "../edge/static-web-app";
import { twilioSignatureCheck } from "../edge/twilio-signature";
import type { GatewayDeps } from "../gateway-deps";
import { loginRoute } from "../login/login.route";
import { logoutRoute } from "../logout/logout.route";
import { registerRoute } from "../register/register.route";
import { resetPasswordRoute } from "../reset-password/reset-password.route";
import { apiAuthGate } from "../routing/auth-gate";
import { forwardByTable } from "../routing/forward-by-table";
import { internalHeaderPolicy } from "../routing/internal-header-policy";
import type { ServiceLinks } from "../routing/upstream";
import { series, whenBody } from "./series";
import { sessionMiddleware } from "../session/session-middleware";
import { sessionUser } from "../session/session-user";
import type { TwilioKeyResolver } from "../webhook-signature/twilio-key-resolver";

/** The edge's settings (service.ts reads them from the platform's and the gateway's config). */
export interface GatewayEdgeOptions {
  publicBaseUrl: string;
  internalSecret: string;
  allowedOrigins: string[];
  /** Outside production: localhost, 127.0.0.1 and [::1] with the same port are one origin (origin-check.ts). */
  loopbackOriginAliases: boolean;
  /** The auth token of each Twilio account whose webhooks we accept (the main account, the businesses' subaccounts). */
  twilioKeys: TwilioKeyResolver;
  session: { secret: string; maxAgeMs: number };
  /** How each service is reached (routing/upstream.ts). */
  links: ServiceLinks;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

/** The session's life cycle and the password changes that end sessions: the gateway's own endpoints. */
function gatewayEndpoints(deps: GatewayDeps): { handler: RequestHandler; router: Router } {
  const { limits } = deps;
  const endpoints = Router();
  endpoints.post("/api/login", loginRoute(deps));
  endpoints.post("/api/register", registerRoute(deps));
  endpoints.post("/api/logout", logoutRoute());
  endpoints.put("/api/auth/change-password", changePasswordRoute(deps));
  endpoints.post("/api/auth/reset-password", resetPasswordRoute(deps));
  // Rate limits in front of identity's public endpoints (then on to the route table).
  endpoints.post(
    "/api/auth/forgot-password",
    limitBy((req) => [
      [limits.forgotPasswordIp, clientIp(req)],
      [limits.forgotPasswordEmail, bodyEmail(req)],
    ]),
  );
  endpoints.post(
    "/api/auth/resend-verification",
    limitBy((req) => [[limits.resendVerification, sessionUser(req)?.id]]),
  );
  // Public and unauthenticated, like sign-up: per address, in front of billing.
  endpoints.post(
    "/api/create-payment-intent",
    limitBy((req) => [[limits.paymentSetupIp, clientIp(req)]]),
  );
  endpoints.post(
    "/api/billing/local/confirm-setup",
    limitBy((req) => [[limits.cardConfirmIp, clientIp(req)]]),
  );
  endpoints.patch("/api/user/profile", emailChangeLimit(deps));
  // Every other /api request skips the router (express matches paths case-insensitively, with or without a trailing slash).
  const paths = new Set([
    "/api/login",
    "/api/register",
    "/api/logout",
    "/api/auth/change-password",
    "/api/auth/reset-password",
    "/api/auth/forgot-password",
    "/api/auth/resend-verification",
    "/api/user/profile",
    "/api/create-payment-intent",
    "/api/billing/local/confirm-setup",
  ]);
  const handler: RequestHandler = (req, res, next) => {
    const path = (req.originalUrl.split("?")[0] ?? "").toLowerCase().replace(/\/+$/, "");
    if (!paths.has(path)) return next();
    return endpoints(req, res, next);
  };
  return { handler, router: endpoints };
}

/** The gateway's handler, with the routers it dispatches to (for tools that list the app's routes). */
export type GatewayHandler = RequestHandler & { readonly routers: readonly Router[] };

function isRouter(handler: RequestHandler | undefined): handler is Router {
  return typeof handler === "function" && Array.isArray((handler as Partial<Router>).stack);
}

/** Whether `path` is `prefix` or below it, as express matches a mount path (case-insensitively). */
function isUnder(path: string, prefix: string): boolean {
  const head = path.slice(0, prefix.length + 1).toLowerCase();
  return head === prefix || head === `${prefix}/`;
}

/**
 * The gateway, the public edge. /api: the access log, the API's headers, the caller's identity,
 * sessions, the gateway's own endpoints, the auth gate, the route table. Everything else: the
 * access log, the page headers, the caller's identity, then /webhooks and /dev (rate limits,
 * Twilio's signature, the route table) or the web app.
 *
 * A plain function rather than an express Router: every Router level a request passes through
 * allocates its own bookkeeping (a third of what a cached dashboard read allocated was the routers').
 */
export function createGatewayRouter(deps: GatewayDeps, edge: GatewayEdgeOptions): GatewayHandler {
  const { limits } = deps;
  const forward = forwardByTable(edge.links);

  const identityChecks = [internalHeaderPolicy(), pathCheck];

  // Twilio's form and signature; Stripe's signature covers the raw body, so the gateway leaves it unread for billing.
  const twilioChecks = series(twilioFormBody, twilioSignatureCheck(edge.twilioKeys, edge.publicBaseUrl));
  // Plain functions, as for /api: no express Router level per webhook (four or so per missed call).
  const webhooks = series(
    limitWebhooksBy((req) => [[limits.webhookIp, clientIp(req)]], deps.logger),
    (req, res, next) => (isUnder(req.path, "/webhooks/twilio") ? twilioChecks(req, res, next) : next()),
    forward,
  );
  // The built web app for every other page path (nothing when web/dist is missing).
  const webApp = staticWebApp();

  const endpoints = gatewayEndpoints(deps);
  const session = sessionMiddleware(deps.sessions, deps.clock, { ...edge.session, secure: edge.publicBaseUrl.startsWith("https:") });
  const api = series(
    accessLog(deps.logger),
    apiSecurityHeaders(edge.publicBaseUrl),
    ...identityChecks,
    noStore,
    originCheck({ publicBaseUrl: edge.publicBaseUrl, allowedOrigins: edge.allowedOrigins, loopbackAliases: edge.loopbackOriginAliases }),
    whenBody(series(...apiJsonBody)),
    session,
    endpoints.handler,
    apiAuthGate(edge.internalSecret),
    forward,
  );
  const everythingElse = series(
    accessLog(deps.logger, { quiet: (path) => isUnder(path, "/webhooks") }),
    securityHeaders(edge.publicBaseUrl),
    ...identityChecks,
    (req, res, next) => {
      if (isUnder(req.path, "/webhooks")) return webhooks(req, res, next);
      return isUnder(req.path, "/dev") ? forward(req, res, next) : webApp(req, res, next);
    },
  );

  const dispatch: RequestHandler = (req, res, next) => (isUnder(req.path, "/api") ? api : everythingElse)(req, res, next);
  // The services' routers in this process are reached only through the gateway, so they are listed here.
  const inProcess = [...edge.links.values()].flatMap((link) => (isRouter(link.router) ? [link.router] : []));
  return Object.assign(dispatch, { routers: [endpoints.router, webApp, ...inProcess] });
}
