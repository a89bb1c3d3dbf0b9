import express, { type Express, type RequestHandler } from "express";
import type { Logger } from "../logging/logger";
import { runWithRequestContext } from "../logging/request-context";
import { errorMiddleware, notFoundHandler } from "./error-middleware";
import { httpRequestDuration, metricsRegistry } from "./metrics";
import { requestIdFor } from "./request-id";

export type ReadinessCheck = () => Promise<boolean>;

export interface HttpAppOptions {
  logger: Logger;
  /** Named checks for /readyz (db, bus ...). */
  readiness?: Record<string, ReadinessCheck>;
  /** Mounted after the health endpoints, before the JSON 404 and the error handler. */
  mount: (app: Express) => void;
  /** Paths that fall through to the mounts instead of the JSON 404 (e.g. an SPA). Default: JSON 404 for all. */
  notFound?: RequestHandler;
  /** Serve /metrics on this app (default true); false when it has its own listener or is off. */
  metrics?: boolean;
  /** Express "trust proxy": whose X-Forwarded-For is believed (TRUST_PROXY). Default loopback only. */
  trustProxy?: string | number | boolean;
  /** How long one readiness check may take before it counts as failed (default 1 s): a hung database must not hang /readyz. */
  readinessTimeoutMs?: number;
}

const READINESS_TIMEOUT_MS = 1_000;

/** One readiness check's answer: false when it throws, answers false or takes longer than `timeoutMs`. */
export async function checkWithTimeout(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .then(
          (ok) => ok === true,
          () => false,
        ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Prometheus text of this process's registry. */
export const metricsHandler: RequestHandler = async (_req, res) => {
  res.setHeader("Content-Type", metricsRegistry.contentType);
  res.send(await metricsRegistry.metrics());
};

/** /metrics alone on its own port (METRICS_PORT), for the scraper; nothing else is served there. */
export function createMetricsApp(): Express {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", metricsHandler);
  app.use(notFoundHandler);
  return app;
}

const OPERATIONAL_PATH_MAX_LENGTH = "/metrics/".length;

/** The operational endpoint at this path, ignoring case and one trailing slash (as express's routes match). */
function operationalEndpoint(endpoints: Map<string, RequestHandler>, path: string): { path: string; handler: RequestHandler } | undefined {
  if (path.length > OPERATIONAL_PATH_MAX_LENGTH) return undefined;
  const key = (path.endsWith("/") ? path.slice(0, -1) : path).toLowerCase();
  const handler = endpoints.get(key);
  return handler ? { path: key, handler } : undefined;
}

/** An express app with request ids, health, readiness, metrics and one error handler. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? "loopback");

  const readyz: RequestHandler = async (_req, res) => {
    const checks = Object.entries(options.readiness ?? {});
    const timeoutMs = options.readinessTimeoutMs ?? READINESS_TIMEOUT_MS;
    const results = await Promise.all(checks.map(async ([name, check]) => [name, await checkWithTimeout(check, timeoutMs)] as const));
    const ready = results.every(([, ok]) => ok);
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", checks: Object.fromEntries(results) });
  };
  const operational = new Map<string, RequestHandler>([
    ["/healthz", (_req, res) => void res.json({ status: "ok" })],
    ["/readyz", readyz],
    ...((options.metrics ?? true) ? [["/metrics", metricsHandler] as const] : []),
  ]);

  // One layer for every request: its id, its duration, its logging context, and the operational
  // endpoints (GET or HEAD, matched as express matches a route). Each express layer a request
  // passes costs allocations of its own, and every request passed these four.
  app.use((req, res, next) => {
    const requestId = requestIdFor(req.headers["x-request-id"]);
    res.setHeader("x-request-id", requestId);
    const stopTimer = httpRequestDuration.startTimer({ method: req.method });
    const endpoint = req.method === "GET" || req.method === "HEAD" ? operationalEndpoint(operational, req.path) : undefined;
    res.on("finish", () => {
      const route = endpoint ? endpoint.path : req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : "unmatched";
      stopTimer({ route, status: String(res.statusCode) });
    });
    runWithRequestContext({ requestId }, () => {
      if (!endpoint) return next();
      Promise.resolve(endpoint.handler(req, res, next)).catch(next);
    });
  });

  options.mount(app);
  app.use(options.notFound ?? notFoundHandler);
  app.use(errorMiddleware(options.logger));
  return app;
}
