import { z } from "zod";
import { createKafkaBus } from "../bus/kafka/kafka-bus";
import { DEFAULT_CONSUMER_TIMINGS } from "../bus/kafka/kafka-subscription";
import { loadConfig } from "../config/load-config";
import { assertProductionProviders, assertProductionSafe, assertProvidersConfigured, platformConfigSchema, type ProviderNeed } from "../config/platform-config";
import { createLogger } from "../logging/logger";
import { createPlatformRuntime, type PlatformRuntime } from "./platform-runtime";
import type { ServiceDefinition } from "./service-definition";
import { installShutdownHandlers, startServices } from "./start-services";

const mainConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The interface to listen on (as in standalone): 0.0.0.0 for every IPv4 interface, 127.0.0.1 for this machine only. */
  HOST: z.string().min(1).default("0.0.0.0"),
});

/**
 * Distributed entry of one service: its own config, adapters, HTTP port and
 * consumers (Kafka consumer session from KAFKA_SESSION_TIMEOUT_MS / KAFKA_HEARTBEAT_INTERVAL_MS).
 * Migrations are a separate step (`npm run db:migrate:deploy`, a Helm
 * Job in Kubernetes), not part of start-up.
 */
export async function runServiceMain(
  name: string,
  create: (runtime: PlatformRuntime) => Promise<ServiceDefinition> | ServiceDefinition,
  options: {
    /** Providers this process builds: production refuses their development stand-ins. */
    providers?: readonly ProviderNeed[];
    /** Providers this entry can build only for real (a production main.ts holds no simulator): their settings are required whatever NODE_ENV. */
    requires?: readonly ProviderNeed[];
  } = {},
): Promise<void> {
  const config = loadConfig(mainConfigSchema);
  assertProductionSafe(config);
  assertProvidersConfigured(process.env, options.requires ?? []);
  assertProductionProviders(config.NODE_ENV, process.env, options.providers ?? []);
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  if (config.KAFKA_HEARTBEAT_INTERVAL_MS * 3 > config.KAFKA_SESSION_TIMEOUT_MS) {
    throw new Error("KAFKA_HEARTBEAT_INTERVAL_MS must be at most a third of KAFKA_SESSION_TIMEOUT_MS");
  }
  // The consumer session from the settings, so a restarted replica takes its partitions back within seconds.
  const bus = config.KAFKA_BROKERS?.length
    ? createKafkaBus({
        brokers: config.KAFKA_BROKERS,
        clientId: config.OTEL_SERVICE_NAME ?? name,
        logger,
        readFormerTopics: config.KAFKA_READ_FORMER_TOPICS === "true",
        consumerTimings: {
          sessionTimeout: config.KAFKA_SESSION_TIMEOUT_MS,
          heartbeatInterval: config.KAFKA_HEARTBEAT_INTERVAL_MS,
          rebalanceTimeout: Math.max(DEFAULT_CONSUMER_TIMINGS.rebalanceTimeout, config.KAFKA_SESSION_TIMEOUT_MS),
          maxWaitTimeInMs: config.KAFKA_FETCH_MAX_WAIT_MS,
          backgroundMinWaitTimeInMs: config.KAFKA_BACKGROUND_FETCH_MIN_WAIT_MS,
        },
      })
    : undefined;
  const runtime = await createPlatformRuntime({ config, logger, bus });
  const service = await create(runtime);
  const running = await startServices(runtime, [service], {
    port: config.PORT,
    host: config.HOST,
    mount: (app) => {
      if (service.router) app.use(service.router);
    },
  });
  installShutdownHandlers(running.stop, logger);
  logger.info({ host: config.HOST, port: running.port }, `${name} listening`);
}
