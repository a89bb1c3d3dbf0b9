import type { NextFunction, RequestHandler, Response } from "express";
import { AppError } from "@rebound/platform";
import { DEFAULT_PROXY_TIMEOUT_MS, matchRoute, type Route } from "./route-table";
import type { ServiceLinks } from "./upstream";

/**
 * Spoken to a caller when telephony cannot be reached: telephony's neutral default (no promise of a
 * text: whether one follows is decided when reconciliation records the call).
 */
export const UNREACHABLE_VOICE_ANSWER =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry we missed your call. We will get back to you shortly.</Say><Hangup/></Response>';

/** The route's answer when its service is unreachable, or the error as usual. */
function whenUnreachable(route: Route, res: Response, next: NextFunction): NextFunction {
  if (route.unreachable !== "voice-answer") return next;
  return (error?: unknown) => {
    if (error === undefined || res.headersSent) return next(error);
    res.status(200).type("text/xml").send(UNREACHABLE_VOICE_ANSWER);
  };
}

/**
 * Hands a request to the service the route table names, through its link: the service's router
 * in this process (standalone) or an HTTP proxy to it (distributed). A service the composition
 * root gave no upstream is unavailable (503). A request the route says needs no service is answered here.
 */
export function forwardByTable(links: ServiceLinks): RequestHandler {
  return (req, res, next) => {
    const route = matchRoute(req.originalUrl.split("?")[0] ?? "");
    if (!route) return next();
    if (route.answeredAtEdge?.(req.body)) {
      res.status(204).end();
      return;
    }
    const link = links.get(route.service);
    const failed = whenUnreachable(route, res, next);
    if (!link) return failed(new AppError("UNAVAILABLE", "Service temporarily unavailable. Please try again."));
    link.forward(req, res, failed, route.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS);
  };
}
