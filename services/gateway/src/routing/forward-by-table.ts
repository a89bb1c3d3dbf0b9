import type { NextFunction, Request, RequestHandler, Response } from "express";
import { AppError, type Logger } from "@rebound/platform";
import { createHttpProxy, type Forward } from "./http-proxy";
import { DEFAULT_PROXY_TIMEOUT_MS, matchRoute, SERVICE_NAMES, type ServiceName } from "./route-table";

export type Upstreams = Partial<Record<ServiceName, string>>;
/** Standalone: each service's router in this process. */
export type InProcessServices = Partial<Record<ServiceName, RequestHandler>>;

/**
 * Hands a request to the service the route table names. In process (no upstreams) it goes
 * straight to that service's router when the composition root handed it over, else on to the
 * routers mounted after the gateway (`next()`). Distributed: an HTTP proxy per service.
 */
export function forwardByTable(upstreams: Upstreams | undefined, logger: Logger, inProcess: InProcessServices = {}): RequestHandler {
  if (!upstreams) {
    return (req, res, next) => {
      const route = matchRoute(req.originalUrl.split("?")[0] ?? "");
      const service = route && inProcess[route.service];
      if (!service) return next();
      dispatchFromRoot(service, req, res, next);
    };
  }
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

/**
 * Runs a service's router on the full path (the gateway's routers are mounted under /api or
 * /webhooks); one that answers nothing hands the request back with its mount path restored,
 * to the routers mounted after the gateway.
 */
function dispatchFromRoot(service: RequestHandler, req: Request, res: Response, next: NextFunction): void {
  const { url, baseUrl } = req;
  req.url = req.originalUrl;
  req.baseUrl = "";
  void service(req, res, (error?: unknown) => {
    req.url = url;
    req.baseUrl = baseUrl;
    next(error);
  });
}
