import { createKafkaBus, openKafkaLogReader } from "@rebound/platform";
import { describeIf } from "@rebound/testing";
import { startKafkaMock, TEST_CONSUMER_TIMINGS, type KafkaMock } from "@rebound/testing/kafka";
import { PROJECTED_EVENT_TYPES } from "../src/domain/facts";
import { LogReaderSource } from "../src/rebuild/log-reader-source";
import { rebuildProjections } from "../src/rebuild/rebuild-projections.use-case";
import { PROJECTED_TOPICS, PROJECTIONS_CONSUMER } from "../src/service";
import { AnalyticsHarness, toRecord } from "./support/analytics-harness";
import { generateHistory } from "./support/history";

// KAFKA_MOCK=1: librdkafka's mock cluster from .ci/kafka-mock (the Kafka stage of .ci/run sets it).
describeIf(process.env.KAFKA_MOCK === "1", "set KAFKA_MOCK=1 to run it; .ci/run sets it in its Kafka stage")("analytics:rebuild from Kafka", () => {
  let kafka: KafkaMock;
  let harness: AnalyticsHarness;
  const history = generateHistory({ businesses: 5, days: 10, minEvents: 600, end: new Date("2026-03-10T00:00:00Z"), seed: 7 });

  beforeAll(async () => {
    kafka = await startKafkaMock({ topics: PROJECTED_TOPICS.map((name) => ({ name, partitions: 4 })) });
    harness = await AnalyticsHarness.start();
  }, 60_000);
  afterAll(async () => {
    await harness?.stop();
    await kafka?.stop();
  });

  it("given the history on the embedded bus (live) and on Kafka, when the projections are rebuilt from the Kafka topics, then they equal the live ones table by table", async () => {
    await harness.publish(history.events);
    await harness.caughtUp();
    const live = await harness.service.deps.projections.snapshot();

    const bus = createKafkaBus({ brokers: kafka.brokers, clientId: "history-writer" });
    for (let index = 0; index < history.events.length; index += 200) await bus.publish(history.events.slice(index, index + 200).map(toRecord));
    await bus.close();

    const reader = await openKafkaLogReader({
      brokers: kafka.brokers,
      clientId: "analytics-rebuild-test",
      topics: PROJECTED_TOPICS,
      timings: { ...TEST_CONSUMER_TIMINGS, sessionTimeout: 3_000 },
    });
    const source = new LogReaderSource(reader, "Kafka topics", PROJECTED_EVENT_TYPES);
    const done = await rebuildProjections(harness.service.deps, source, PROJECTIONS_CONSUMER, { batchSize: 100 });
    await source.close();
    const rebuilt = await harness.service.deps.projections.snapshot();

    expect(done.events).toBe(history.events.length);
    expect(live.calls!.length).toBeGreaterThan(100);
    for (const name of Object.keys(live)) expect({ table: name, rows: rebuilt[name] }).toEqual({ table: name, rows: live[name] });
  }, 120_000);
});
