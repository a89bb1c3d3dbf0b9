import type { RequestHandler } from "express";
import { AppError } from "@rebound/platform";
import { DEFAULT_PROXY_TIMEOUT_MS, matchRoute } from "./route-table";
import type { ServiceLinks } from "./upstream";

/**
 * Hands a request to the service the route table names, through its link: the service's router
 * in this process (standalone) or an HTTP proxy to it (distributed). A service the composition
 * root gave no upstream is unavailable (503).
 */
export function forwardByTable(links: ServiceLinks): RequestHandler {
  return (req, res, next) => {
    const route = matchRoute(req.originalUrl.split("?")[0] ?? "");
    if (!route) return next();
    const link = links.get(route.service);
    if (!link) return next(new AppError("UNAVAILABLE", "Service temporarily unavailable. Please try again."));
    link.forward(req, res, next, route.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS);
  };
}
