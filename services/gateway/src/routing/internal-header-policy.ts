import type { RequestHandler } from "express";
import { INTERNAL_USER_HEADER, notFound, verifyInternalUser } from "@rebound/platform";
import { GATEWAY_PRINCIPAL } from "../identity/post-internal";

/**
 * Clients never choose who they are: an incoming x-rebound-user is dropped (the auth
 * gate adds the real one). `/internal/*` is not public: in standalone it is the
 * gateway's own signed call to a service in this process and skips the rest of the
 * gateway; otherwise it is a 404.
 */
export function internalHeaderPolicy(secret: string, inProcess: boolean): RequestHandler {
  return (req, _res, next) => {
    if (req.path === "/internal" || req.path.startsWith("/internal/")) {
      const caller = verifyInternalUser(req.header(INTERNAL_USER_HEADER), secret);
      if (inProcess && caller?.id === GATEWAY_PRINCIPAL.id) return next("router");
      return next(notFound("Not found"));
    }
    delete req.headers[INTERNAL_USER_HEADER];
    next();
  };
}
