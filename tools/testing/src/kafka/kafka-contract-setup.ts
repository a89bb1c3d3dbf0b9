import { Kafka, logLevel } from "kafkajs";
import type { EventBus } from "@rebound/platform";
import type { EventBusContractContext } from "../bus/event-bus.contract";
import { createKafkaBus } from "@rebound/platform";
import type { BusLogger } from "@rebound/platform";
import type { KafkaConsumerTimings } from "@rebound/platform";
import { TEST_CONSUMER_TIMINGS } from "./consumer-timings";
import { startKafkaMock } from "./start-kafka-mock";

const POOL_SIZE = 40;
const PARTITIONS = 3;

/** KAFKA_TEST_LOG=1 shows kafkajs and adapter logs while debugging the suite. */
function testLogger(): BusLogger | undefined {
  if (process.env.KAFKA_TEST_LOG !== "1") return undefined;
  const write = (level: string) => (fields: object, message?: string) => console.log(level, message, JSON.stringify(fields));
  return { info: write("INFO"), warn: write("WARN"), error: write("ERROR"), debug: write("DEBUG") };
}

function contractContext(brokers: string[], topics: string[], timings: KafkaConsumerTimings, teardown: () => Promise<void>): EventBusContractContext {
  const buses: EventBus[] = [];
  const makeBus = (): EventBus => {
    const bus = createKafkaBus({
      brokers,
      clientId: `contract-${buses.length}`,
      logger: testLogger(),
      consumerTimings: timings,
      handlerRetry: { initialDelayMs: 50, maxDelayMs: 500 },
    });
    buses.push(bus);
    return bus;
  };
  let next = 0;
  return {
    bus: makeBus(),
    newBus: async () => makeBus(),
    topic: () => {
      const topic = topics[next++];
      if (!topic) throw new Error(`the contract topic pool (${topics.length}) is exhausted; enlarge it`);
      return topic;
    },
    cleanup: async () => {
      await Promise.allSettled(buses.map((bus) => bus.close()));
      await teardown();
    },
  };
}

/** librdkafka's mock cluster (KAFKA_MOCK_BROKERS brokers, default 1): no CreateTopics, so a pool is created at start. */
export async function mockClusterContext(): Promise<EventBusContractContext> {
  const topics = Array.from({ length: POOL_SIZE }, (_, i) => `contract-${i}`);
  const mock = await startKafkaMock({
    topics: topics.map((name) => ({ name, partitions: PARTITIONS })),
    brokerCount: Number(process.env.KAFKA_MOCK_BROKERS ?? 1),
  });
  // The mock holds every rebalance for sessionTimeout - 1 s (a real broker waits for members to rejoin),
  // and has no group.min.session.timeout.ms, so a shorter session keeps rejoins at 2 s.
  const timings = { ...TEST_CONSUMER_TIMINGS, sessionTimeout: 3_000 };
  return contractContext(mock.brokers, topics, timings, () => mock.stop());
}

/** A real cluster: unique topics created (and deleted afterwards) with the admin client. */
export async function realClusterContext(brokers: string[]): Promise<EventBusContractContext> {
  const run = `${Date.now().toString(36)}-${process.pid}`;
  const topics = Array.from({ length: 12 }, (_, i) => `contract-${run}-${i}`);
  const admin = new Kafka({ brokers, clientId: "contract-admin", logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: topics.map((topic) => ({ topic, numPartitions: PARTITIONS })) });
  return contractContext(brokers, topics, TEST_CONSUMER_TIMINGS, async () => {
    await admin.deleteTopics({ topics }).catch(() => undefined);
    await admin.disconnect();
  });
}
