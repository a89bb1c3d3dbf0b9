// npm run analytics:rebuild: drops the analytics projections and replays the event log into them
// from offset zero: the embedded log, or with KAFKA_BROKERS the Kafka topics from their first
// retained record to their end when the rebuild starts (later events are the live consumer's, which
// resumes from its committed offsets; what it applies again is counted once). Run it with analytics
// stopped (standalone: PGlite opens a data folder in one process only). Uses the same settings as
// the service (DATABASE_URL / DATA_DIR, KAFKA_BROKERS).
import {
  createLogger,
  createPlatformRuntime,
  loadConfig,
  openEmbeddedLogReader,
  openKafkaLogReader,
  platformConfigSchema,
  type PlatformConfig,
} from "@rebound/platform";
import { PROJECTED_EVENT_TYPES } from "./domain/facts";
import type { LogSource } from "./rebuild/log-source";
import { LogReaderSource } from "./rebuild/log-reader-source";
import { rebuildProjections } from "./rebuild/rebuild-projections.use-case";
import { createAnalyticsDeps, PROJECTED_TOPICS, PROJECTIONS_CONSUMER } from "./service";

async function main(): Promise<void> {
  const config = loadConfig(platformConfigSchema);
  const logger = createLogger({ name: "analytics-rebuild", level: "warn" });
  const runtime = await createPlatformRuntime({ config, logger });
  try {
    const deps = createAnalyticsDeps(runtime);
    const source = await logSource(config, deps);
    console.log(`analytics rebuild from offset 0 of the ${source.description}, batches of ${deps.config.ANALYTICS_REBUILD_BATCH_SIZE}`);
    const done = await rebuildProjections(deps, source, PROJECTIONS_CONSUMER, {
      batchSize: deps.config.ANALYTICS_REBUILD_BATCH_SIZE,
      onProgress: (p) => console.log(`  batch ${p.batches}: ${p.events} events, ${p.seconds.toFixed(1)} s, ${Math.round(p.eventsPerSecond)} events/s`),
    });
    console.log(`rebuilt: ${done.events} events in ${done.seconds.toFixed(2)} s (${Math.round(done.eventsPerSecond)} events/s)`);
    await source.close?.();
  } finally {
    await runtime.close();
  }
}

async function logSource(config: PlatformConfig, deps: ReturnType<typeof createAnalyticsDeps>): Promise<LogSource> {
  if (!config.KAFKA_BROKERS?.length)
    return new LogReaderSource(openEmbeddedLogReader(deps.db.client, PROJECTED_TOPICS), "embedded log (bus.messages)", PROJECTED_EVENT_TYPES);
  const reader = await openKafkaLogReader({
    brokers: config.KAFKA_BROKERS,
    clientId: "analytics-rebuild",
    topics: PROJECTED_TOPICS,
    timings: {
      sessionTimeout: config.KAFKA_SESSION_TIMEOUT_MS,
      heartbeatInterval: config.KAFKA_HEARTBEAT_INTERVAL_MS,
      maxWaitTimeInMs: config.KAFKA_FETCH_MAX_WAIT_MS,
    },
  });
  return new LogReaderSource(reader, `Kafka topics ${PROJECTED_TOPICS.join(", ")}`, PROJECTED_EVENT_TYPES);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
