import { metricsRegistry, openEmbeddedLogReader } from "@rebound/platform";
import { PROJECTED_EVENT_TYPES } from "../src/domain/facts";
import { LogReaderSource } from "../src/rebuild/log-reader-source";
import { rebuildProjections, type RebuildProgress } from "../src/rebuild/rebuild-projections.use-case";
import { PROJECTED_TOPICS, PROJECTIONS_CONSUMER } from "../src/service";
import { EmbeddedLogRepository } from "../src/store/embedded-log.repository";
import { decodeEnvelope } from "@rebound/contracts";
import type { ProjectedEvent } from "../src/domain/facts";
import { applyEvents } from "../src/project-events/apply-events.use-case";
import { AnalyticsHarness, toRecord } from "./support/analytics-harness";
import { generateHistory } from "./support/history";

// A few seconds since the projections take one business's events together (it was three minutes
// of one core, skipped by `npm test`, before).
describe("replay from offset zero (10,000+ events, 20 businesses, 60 days)", () => {
  let harness: AnalyticsHarness;
  const history = generateHistory({ businesses: 20, days: 60, minEvents: 12_000, end: new Date("2026-03-10T00:00:00Z") });

  beforeAll(async () => {
    harness = await AnalyticsHarness.start();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it("given the live projections of the history, then every event twice changes nothing, and a rebuild from zero equals them table by table", async () => {
    expect(history.events.length).toBeGreaterThanOrEqual(10_000);
    const liveStarted = performance.now();
    await harness.publish(history.events);
    await harness.caughtUp(500_000);
    const liveSeconds = (performance.now() - liveStarted) / 1000;
    const live = await harness.service.deps.projections.snapshot();

    // Every event a second time, through the live consumer's apply path (the stats suite redelivers through the bus).
    const deps = harness.service.deps;
    const envelopes = history.events.map((event) => {
      const record = toRecord(event);
      return decodeEnvelope(record.key, record.value, record.headers) as ProjectedEvent;
    });
    for (let index = 0; index < envelopes.length; index += 1_000) {
      await deps.db.client.$transaction(async (tx) => applyEvents(deps, tx, PROJECTIONS_CONSUMER, envelopes.slice(index, index + 1_000)));
    }
    const twice = await harness.service.deps.projections.snapshot();

    const progress: RebuildProgress[] = [];
    const source = new LogReaderSource(openEmbeddedLogReader(deps.db.client, PROJECTED_TOPICS), "embedded log", PROJECTED_EVENT_TYPES);
    const done = await rebuildProjections(deps, source, PROJECTIONS_CONSUMER, { batchSize: 1_000, onProgress: (p) => progress.push(p) });
    const rebuilt = await harness.service.deps.projections.snapshot();

    expect(live.calls!.length).toBeGreaterThan(2_000);
    expect(live.texts!.length).toBeGreaterThan(1_000);
    expect(live.outcomes!.length).toBeGreaterThan(100);
    expect(live.outcomes!.some((row) => (row as { outcome: string }).outcome === "booked")).toBe(true);
    expect(twice).toEqual(live);
    for (const name of Object.keys(live)) expect({ table: name, rows: rebuilt[name] }).toEqual({ table: name, rows: live[name] });
    expect(done.events).toBe(history.events.length);
    expect(progress.length).toBe(Math.ceil(history.events.length / 1_000)); // a progress line per batch
    console.log(
      `live: ${history.events.length} events published and projected in ${liveSeconds.toFixed(2)} s (${Math.round(history.events.length / liveSeconds)} events/s); ` +
        `rebuild: ${done.events} events in ${done.seconds.toFixed(2)} s (${Math.round(done.eventsPerSecond)} events/s)`,
    );
  }, 900_000);

  it("given the projections caught up, then /metrics reports zero lag; a group that applied nothing is the whole log behind", async () => {
    await harness.caughtUp();
    const caughtUp = await metricsRegistry.getSingleMetricAsString("analytics_projection_lag_events");
    const seconds = await metricsRegistry.getSingleMetricAsString("analytics_projection_lag_seconds");
    const log = new EmbeddedLogRepository(harness.service.deps.db);

    const nothingApplied = await log.lag("analytics.never-ran", "analytics.never-ran", PROJECTED_TOPICS, PROJECTED_EVENT_TYPES, Date.now());

    expect(caughtUp).toMatch(/^analytics_projection_lag_events 0$/m);
    expect(seconds).toMatch(/^analytics_projection_lag_seconds 0$/m);
    expect(nothingApplied.events).toBe(history.events.length);
    expect(nothingApplied.seconds).toBeGreaterThan(0);
  });
});
