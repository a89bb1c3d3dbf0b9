import type { Express, RequestHandler } from "express";
import type { Subscription } from "../bus/event-bus";
import { subscribeConsumer, DEFAULT_RETRY_POLICY } from "../consumer/subscribe-consumer";
import { createHttpApp, createMetricsApp } from "../http/create-http-app";
import { withEarlyAnswers } from "../http/early-answer";
import { startHttpServer } from "../http/http-server";
import { startJobs, type JobDefinition } from "../jobs/job";
import type { PlatformRuntime } from "./platform-runtime";
import type { ServiceDefinition } from "./service-definition";

export interface RunningServices {
  url: string;
  port: number;
  /** The /metrics listener's port when METRICS_PORT is set. */
  metricsPort?: number;
  app: Express;
  /** Graceful: stop accepting, drain HTTP, stop jobs, stop consumers (committing offsets), close the database. */
  stop(): Promise<void>;
}

export interface HttpMount {
  port: number;
  host?: string;
  mount: (app: Express) => void;
  notFound?: RequestHandler;
}

const RELAY_INTERVAL_MS = 1_000;

export async function startServices(runtime: PlatformRuntime, services: ServiceDefinition[], http: HttpMount): Promise<RunningServices> {
  const { logger } = runtime;
  for (const service of services) await service.start?.();

  const retry = { ...DEFAULT_RETRY_POLICY, maxAttempts: runtime.config.BUS_MAX_ATTEMPTS };
  const subscriptions: Subscription[] = [];
  for (const service of services) {
    for (const consumer of service.consumers) {
      const definition = { ...consumer, concurrency: consumer.concurrency ?? runtime.config.BUS_CONSUMER_CONCURRENCY };
      subscriptions.push(await subscribeConsumer(runtime.bus, definition, logger.child({ consumer: consumer.group }), retry));
    }
  }

  // With the embedded bus the commit is the publish (the rows are written published), so only Kafka needs the relay.
  const relayJobs: JobDefinition[] = runtime.outboxes
    .filter((outbox) => !outbox.publishesInTransaction)
    .map((outbox) => ({
      name: `outbox-relay:${outbox.schema}`,
      intervalMs: RELAY_INTERVAL_MS,
      run: async () => {
        const relayed = await outbox.relayOnce();
        if (relayed > 0) logger.info({ schema: outbox.schema, relayed }, "relayed unpublished events");
      },
    }));
  const jobs = startJobs([...services.flatMap((service) => service.jobs), ...relayJobs], logger);

  const readiness: Record<string, () => Promise<boolean>> = {
    database: () => runtime.database.ping(),
    bus: () => runtime.bus.isReady(),
  };
  // Redis only where this process uses it (the gateway's rate limits): elsewhere a Redis outage changes nothing it serves.
  const redis = runtime.redis;
  if (redis?.inUse()) readiness.redis = () => redis.isReady();
  for (const service of services) Object.assign(readiness, service.readiness ?? {});
  // /metrics: its own listener with METRICS_PORT; else on the main port outside production only.
  const { METRICS_PORT, NODE_ENV, TRUST_PROXY } = runtime.config;
  const metricsOnMain = METRICS_PORT === undefined && NODE_ENV !== "production";
  const app = createHttpApp({ logger, readiness, mount: http.mount, notFound: http.notFound, metrics: metricsOnMain, trustProxy: TRUST_PROXY });
  const { HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS } = runtime.config;
  const timeouts = { headersTimeoutMs: HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: HTTP_REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: HTTP_KEEP_ALIVE_TIMEOUT_MS };
  const earlyAnswers = services.flatMap((service) => service.earlyAnswers ?? []);
  const server = await startHttpServer(withEarlyAnswers(app, earlyAnswers, logger), http.port, http.host, timeouts);
  const metricsServer = METRICS_PORT === undefined ? undefined : await startHttpServer(createMetricsApp(), METRICS_PORT, http.host, timeouts);
  if (METRICS_PORT === undefined && !metricsOnMain) logger.warn("METRICS_PORT is unset: /metrics is not served (production keeps it off the public port)");

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await server.close();
      await metricsServer?.close();
      await jobs.stop();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      for (const service of services) await service.stop?.();
      await runtime.close();
    })());

  return { url: server.url, port: server.port, metricsPort: metricsServer?.port, app, stop };
}

/** SIGTERM/SIGINT stop gracefully; an uncaught error is logged, then the same graceful exit with code 1. */
export function installShutdownHandlers(stop: () => Promise<void>, logger: PlatformRuntime["logger"]): void {
  let exiting = false;
  const exit = (code: number) => {
    if (exiting) return;
    exiting = true;
    const force = setTimeout(() => process.exit(code), 15_000);
    force.unref();
    stop()
      .catch((error: unknown) => logger.error({ err: error }, "shutdown failed"))
      .finally(() => process.exit(code));
  };
  process.once("SIGTERM", () => exit(0));
  process.once("SIGINT", () => exit(0));
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception");
    exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    logger.fatal({ err: reason }, "unhandled rejection");
    exit(1);
  });
}
