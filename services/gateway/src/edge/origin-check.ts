import type { RequestHandler } from "express";
import { AppError } from "@rebound/platform";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request forgery guard for /api: a browser always sends Origin on a
 * state-changing request, so one from another site is refused. No Origin at all is
 * a non-browser client (curl, a mobile app), which has no ambient cookies to abuse.
 */
export function originCheck(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((url) => new URL(url).origin));
  return (req, _res, next) => {
    const origin = req.header("origin");
    if (!STATE_CHANGING.has(req.method) || origin === undefined || allowed.has(origin)) return next();
    next(new AppError("FORBIDDEN", "Request origin not allowed"));
  };
}
