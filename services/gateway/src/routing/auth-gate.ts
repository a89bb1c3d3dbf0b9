import type { RequestHandler } from "express";
import { INTERNAL_USER_HEADER, notFound, signInternalUser, unauthenticated } from "@rebound/platform";
import { sessionUser } from "../session/session-user";
import { matchRoute } from "./route-table";

/**
 * For every /api request that no gateway endpoint answered: an unknown path is a JSON
 * 404; a protected path without a session is a 401 before any service sees it; a
 * signed-in request carries the user to the service in the HMAC-signed header.
 */
export function apiAuthGate(secret: string): RequestHandler {
  return (req, _res, next) => {
    const route = matchRoute(req.originalUrl.split("?")[0] ?? "");
    if (!route) return next(notFound("Not found"));
    const user = sessionUser(req);
    if (!user && !route.public) return next(unauthenticated());
    if (user) req.headers[INTERNAL_USER_HEADER] = signInternalUser(user, secret);
    next();
  };
}
