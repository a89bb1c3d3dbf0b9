// npm run bench:analytics (part 2): the rebuild's events per second. A generated history
// (20 businesses, 60 days, >= 10,000 events) in the embedded log on PGlite; the projections are
// rebuilt from offset zero three times. Baseline in the same run: the same records read from
// memory, decoded and folded (no database), the floor of the apply path.
import { decodeEnvelope } from "@rebound/contracts";
import { createAnalyticsDeps, PROJECTED_TOPICS, PROJECTIONS_CONSUMER } from "../../services/analytics/src/service";
import { factsOf, PROJECTED_EVENT_TYPES, type ProjectedEvent } from "../../services/analytics/src/domain/facts";
import { emptyRowMaps, foldFacts } from "../../services/analytics/src/domain/fold";
import { LogReaderSource } from "../../services/analytics/src/rebuild/log-reader-source";
import { rebuildProjections } from "../../services/analytics/src/rebuild/rebuild-projections.use-case";
import { toRecord } from "../../services/analytics/test/support/analytics-harness";
import { generateHistory } from "../../services/analytics/test/support/history";
import { openEmbeddedLogReader } from "@rebound/platform";
import { createTestRuntime } from "@rebound/testing";
import { join } from "node:path";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BATCH = Number(process.env.BENCH_BATCH ?? 1_000);

async function main(): Promise<void> {
  const runtime = await createTestRuntime({ migrate: [join(__dirname, "..", "..", "services", "analytics")] });
  try {
    const history = generateHistory({ businesses: 20, days: 60, minEvents: EVENTS, end: new Date("2026-03-10T00:00:00Z") });
    const records = history.events.map(toRecord);
    for (let index = 0; index < records.length; index += 1_000) await runtime.bus.publish(records.slice(index, index + 1_000));
    const deps = createAnalyticsDeps(runtime);
    console.log(`analytics rebuild: ${records.length} events, 20 businesses, 60 days, batches of ${BATCH} (PGlite)`);
    console.log(`run   rebuild events/s   baseline (decode + fold in memory) events/s`);
    for (let run = 1; run <= RUNS; run++) {
      const source = new LogReaderSource(openEmbeddedLogReader(deps.db.client, PROJECTED_TOPICS), "embedded log", PROJECTED_EVENT_TYPES);
      const done = await rebuildProjections(deps, source, PROJECTIONS_CONSUMER, { batchSize: BATCH });
      const started = performance.now();
      for (let index = 0; index < records.length; index += BATCH) {
        const events = records.slice(index, index + BATCH).map((record) => decodeEnvelope(record.key, record.value, record.headers) as ProjectedEvent);
        foldFacts(emptyRowMaps(), events.flatMap(factsOf));
      }
      const baseline = records.length / ((performance.now() - started) / 1000);
      console.log(`${String(run).padEnd(6)}${String(Math.round(done.eventsPerSecond)).padStart(17)}${String(Math.round(baseline)).padStart(45)}`);
    }
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
