// npm run analytics:rebuild: drops the analytics projections and replays the event log into them
// from offset zero. Run it with analytics stopped (standalone: PGlite opens a data folder in one
// process only). Uses the same settings as the service (DATABASE_URL / DATA_DIR, KAFKA_BROKERS).
import { createLogger, createPlatformRuntime, loadConfig, platformConfigSchema } from "@rebound/platform";
import { PROJECTED_EVENT_TYPES } from "./domain/facts";
import { EmbeddedLogSource } from "./rebuild/embedded-log-source";
import { rebuildProjections } from "./rebuild/rebuild-projections.use-case";
import { createAnalyticsDeps, PROJECTED_TOPICS, PROJECTIONS_CONSUMER } from "./service";
import { EmbeddedLogRepository } from "./store/embedded-log.repository";

async function main(): Promise<void> {
  const config = loadConfig(platformConfigSchema);
  if (config.KAFKA_BROKERS?.length) {
    throw new Error("analytics:rebuild reads the embedded log; with Kafka, reset the analytics.projections group to the earliest offsets instead (see services/analytics/README.md)");
  }
  const logger = createLogger({ name: "analytics-rebuild", level: "warn" });
  const runtime = await createPlatformRuntime({ config, logger });
  try {
    const deps = createAnalyticsDeps(runtime);
    const source = new EmbeddedLogSource(new EmbeddedLogRepository(deps.db), PROJECTED_TOPICS, PROJECTED_EVENT_TYPES);
    console.log(`analytics rebuild from offset 0 of the ${source.description}, batches of ${deps.config.ANALYTICS_REBUILD_BATCH_SIZE}`);
    const done = await rebuildProjections(deps, source, PROJECTIONS_CONSUMER, {
      batchSize: deps.config.ANALYTICS_REBUILD_BATCH_SIZE,
      onProgress: (p) => console.log(`  batch ${p.batches}: ${p.events} events, ${p.seconds.toFixed(1)} s, ${Math.round(p.eventsPerSecond)} events/s`),
    });
    console.log(`rebuilt: ${done.events} events in ${done.seconds.toFixed(2)} s (${Math.round(done.eventsPerSecond)} events/s)`);
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
