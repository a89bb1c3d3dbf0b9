import type { RequestHandler } from "express";
import { AppError, type Logger } from "@rebound/platform";
import { createHttpProxy, type Forward } from "./http-proxy";
import { DEFAULT_PROXY_TIMEOUT_MS, matchRoute, SERVICE_NAMES, type ServiceName } from "./route-table";

export type Upstreams = Partial<Record<ServiceName, string>>;

/**
 * Hands a request to the service the route table names. In process (no upstreams)
 * the service's router is mounted after the gateway in the same app: `next()`.
 * Distributed: an HTTP proxy per service.
 */
export function forwardByTable(upstreams: Upstreams | undefined, logger: Logger): RequestHandler {
  if (!upstreams) return (_req, _res, next) => next();
  const proxies = new Map<ServiceName, Forward>();
  for (const name of SERVICE_NAMES) {
    const url = upstreams[name];
    if (url) proxies.set(name, createHttpProxy(url, logger.child({ upstream: name })));
  }
  return (req, res, next) => {
    const route = matchRoute(req.originalUrl.split("?")[0] ?? "");
    if (!route) return next();
    const proxy = proxies.get(route.service);
    if (!proxy) return next(new AppError("UNAVAILABLE", "Service temporarily unavailable. Please try again."));
    proxy(req, res, next, route.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS);
  };
}
