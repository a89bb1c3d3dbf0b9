import { Router, type Response } from "express";
import { parseInput, unauthenticated } from "@rebound/platform";
import { clientIp, enforce, type RateLimiters } from "../edge/rate-limits";
import type { IdentityClient } from "../identity/identity-client";
import type { SessionRepository } from "../store/session.repository";
import type { Logger } from "@rebound/platform";
import { endSession, sessionUser, startSession } from "../session/session-user";
import { SESSION_COOKIE } from "../session/session-middleware";
import { loginSchema } from "./login-schema";

/** What the gateway's own /api endpoints work with. */
export interface AuthEndpointsDeps {
  identity: IdentityClient;
  sessions: SessionRepository;
  limits: RateLimiters;
  logger: Logger;
}

const requestIdOf = (res: Response) => String(res.getHeader("x-request-id") ?? "") || undefined;

/** POST /api/login, /api/register, /api/logout: the session's life cycle. */
export function sessionRoutes(deps: AuthEndpointsDeps): Router {
  const router = Router();

  router.post("/api/login", async (req, res) => {
    const input = parseInput(loginSchema, req.body ?? {});
    const email = input.email.toLowerCase();
    // Counted before the password is checked, so a blocked account stays blocked even for the right password.
    await enforce([
      [deps.limits.loginIp, clientIp(req)],
      [deps.limits.loginEmail, email],
    ]);
    const user = await deps.identity.login(input, requestIdOf(res));
    await deps.limits.loginEmail.reset(email);
    await startSession(req, user);
    res.json(user);
  });

  router.post("/api/register", async (req, res) => {
    await enforce([[deps.limits.register, clientIp(req)]]);
    const user = await deps.identity.register(req.body ?? {}, requestIdOf(res));
    await startSession(req, user);
    res.status(201).json(user);
  });

  router.post("/api/logout", async (req, res) => {
    await endSession(req);
    res.clearCookie(SESSION_COOKIE, { path: "/" });
    res.json({ message: "Logged out successfully" });
  });

  return router;
}

/** PUT /api/auth/change-password and POST /api/auth/reset-password: identity changes the password, the gateway ends sessions. */
export function passwordRoutes(deps: AuthEndpointsDeps): Router {
  const router = Router();

  router.put("/api/auth/change-password", async (req, res) => {
    const user = sessionUser(req);
    if (!user) throw unauthenticated();
    const result = await deps.identity.changePassword(user.id, req.body ?? {}, requestIdOf(res));
    const signedOut = await deps.sessions.deleteForUser(user.id, req.sessionID);
    deps.logger.info({ userId: user.id, signedOut }, "password changed; other sessions signed out");
    res.json(result);
  });

  router.post("/api/auth/reset-password", async (req, res) => {
    const { message, userId } = await deps.identity.resetPassword(req.body ?? {}, requestIdOf(res));
    const signedOut = await deps.sessions.deleteForUser(userId);
    deps.logger.info({ userId, signedOut }, "password reset; all sessions signed out");
    res.json({ message });
  });

  return router;
}
