import type { RequestHandler } from "express";
import { INTERNAL_USER_HEADER, notFound } from "@rebound/platform";

/**
 * Clients never choose who they are: an incoming x-rebound-user is dropped (the auth
 * gate adds the real one). `/internal/*` is not public: the gateway's own calls to a
 * service's internal API never come through its port (they go through the service's
 * link, upstream.ts), so from outside it is a 404.
 */
export function internalHeaderPolicy(): RequestHandler {
  return (req, _res, next) => {
    if (req.path === "/internal" || req.path.startsWith("/internal/")) return next(notFound("Not found"));
    delete req.headers[INTERNAL_USER_HEADER];
    next();
  };
}
