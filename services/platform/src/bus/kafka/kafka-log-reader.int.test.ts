import { describeIf } from "@rebound/testing";
import { startKafkaMock, TEST_CONSUMER_TIMINGS } from "@rebound/testing/kafka";
import { Kafka, logLevel } from "kafkajs";
import type { BusRecord, DeliveredRecord } from "../event-bus";
import { createKafkaBus } from "./kafka-bus";
import { openKafkaLogReader } from "./kafka-log-reader";

// KAFKA_MOCK=1: librdkafka's mock cluster from .ci/kafka-mock; KAFKA_BROKERS: a real cluster (a topic is created and deleted).
const realBrokers = process.env.KAFKA_BROKERS?.split(",")
  .map((broker) => broker.trim())
  .filter(Boolean);
const enabled = Boolean(realBrokers?.length) || process.env.KAFKA_MOCK === "1";

interface Cluster {
  brokers: string[];
  topics: string[];
  stop: () => Promise<void>;
}

async function cluster(): Promise<Cluster> {
  const topics = ["replay-a", "replay-b"].map((name) => (realBrokers?.length ? `${name}-${Date.now().toString(36)}` : name));
  if (realBrokers?.length) {
    const admin = new Kafka({ brokers: realBrokers, clientId: "replay-admin", logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: topics.map((topic) => ({ topic, numPartitions: 3 })) });
    return { brokers: realBrokers, topics, stop: async () => void (await admin.deleteTopics({ topics }).catch(() => undefined), await admin.disconnect()) };
  }
  const mock = await startKafkaMock({ topics: topics.map((name) => ({ name, partitions: 3 })) });
  return { brokers: mock.brokers, topics, stop: () => mock.stop() };
}

const record = (topic: string, key: string, n: number): BusRecord => ({
  topic,
  key,
  value: new TextEncoder().encode(`${key}:${n}`),
  headers: { "event-type": "Test", n: String(n) },
});
const idOf = (r: DeliveredRecord) => `${r.topic}|${new TextDecoder().decode(r.value)}`;

describeIf(enabled, "set KAFKA_MOCK=1 or KAFKA_BROKERS to run it; .ci/run sets KAFKA_MOCK")("Kafka log reader (analytics:rebuild's source)", () => {
  let kafka: Cluster;
  beforeAll(async () => {
    kafka = await cluster();
  }, 60_000);
  afterAll(() => kafka?.stop());

  it("given records on several partitions of two topics, then it hands each over once, in batches, each partition in order, and stops at the end it saw when opened", async () => {
    const [a, b] = kafka.topics as [string, string];
    const bus = createKafkaBus({ brokers: kafka.brokers, clientId: "replay-writer" });
    const published = [
      ...Array.from({ length: 60 }, (_, n) => record(a, `key-${n % 7}`, n)),
      ...Array.from({ length: 25 }, (_, n) => record(b, `other-${n % 3}`, n)),
    ];
    await bus.publish(published);

    const reader = await openKafkaLogReader({
      brokers: kafka.brokers,
      clientId: "replay-test",
      topics: [a, b, "never-written"],
      timings: { ...TEST_CONSUMER_TIMINGS, sessionTimeout: 3_000 },
      maxBuffered: 20,
    });
    await bus.publish([record(a, "key-0", 1_000)]); // after the reader opened: not part of the replay
    const read: DeliveredRecord[] = [];
    const sizes: number[] = [];
    for (;;) {
      const batch = await reader.next(16);
      if (batch.length === 0) break;
      sizes.push(batch.length);
      read.push(...batch);
    }
    await reader.close();
    await bus.close();

    expect(read.map(idOf).sort()).toEqual(published.map((r) => `${r.topic}|${new TextDecoder().decode(r.value)}`).sort());
    expect(sizes.every((size) => size <= 16)).toBe(true);
    const byPartition = new Map<string, bigint[]>();
    for (const r of read) byPartition.set(`${r.topic}/${r.partition}`, [...(byPartition.get(`${r.topic}/${r.partition}`) ?? []), BigInt(r.offset)]);
    for (const offsets of byPartition.values()) expect(offsets).toEqual([...offsets].sort((x, y) => (x < y ? -1 : 1)));
    expect(read[0]?.headers["event-type"]).toBe("Test");
  }, 60_000);

  it("given topics with nothing in them, then the first batch is empty", async () => {
    const reader = await openKafkaLogReader({ brokers: kafka.brokers, clientId: "replay-empty", topics: ["never-written-either"] });
    expect(await reader.next(100)).toEqual([]);
    await reader.close();
  });
});
