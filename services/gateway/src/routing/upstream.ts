import type { RequestHandler } from "express";
import { createHttpTransport, createInProcessTransport, type InternalTransport, type Logger, type Upstream } from "@rebound/platform";
import { createHttpProxy, type Forward } from "./http-proxy";
import { dispatchInProcess } from "./in-process";
import { SERVICE_NAMES, type ServiceName } from "./route-table";

/**
 * How the gateway reaches each service: its base URL (distributed mode, over HTTP) or its router in
 * this process (standalone), the kit's Upstream. The composition root decides, once, by what it passes.
 */
export type { Upstream };
export type Upstreams = Partial<Record<ServiceName, Upstream>>;

/** A service as the gateway reaches it: the same way for a client's request (forward) and for its own calls (send). */
export interface ServiceLink {
  readonly forward: Forward;
  readonly send: InternalTransport;
  /** In process: the service's router (for tools that list the app's routes). */
  readonly router?: RequestHandler;
}

export type ServiceLinks = ReadonlyMap<ServiceName, ServiceLink>;

/** A link per service the composition root named; a service it did not name is unavailable. */
export function linkServices(upstreams: Upstreams, logger: Logger): ServiceLinks {
  const links = new Map<ServiceName, ServiceLink>();
  for (const name of SERVICE_NAMES) {
    const upstream = upstreams[name];
    if (upstream === undefined) continue;
    if (typeof upstream === "string") {
      links.set(name, { forward: createHttpProxy(upstream, logger.child({ upstream: name })), send: createHttpTransport(upstream) });
    } else {
      links.set(name, { forward: dispatchInProcess(upstream), send: createInProcessTransport(upstream, logger.child({ upstream: name })), router: upstream });
    }
  }
  return links;
}
