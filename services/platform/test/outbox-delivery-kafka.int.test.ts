import { TOPICS } from "@rebound/contracts";
import { createKafkaBus } from "../src/bus/kafka/kafka-bus";
import { TEST_CONSUMER_TIMINGS } from "../src/bus/kafka/kafka-subscription";
import { startKafkaMock, type KafkaMock } from "../src/bus/kafka/testing/start-kafka-mock";
import { describeOutboxDelivery } from "./outbox-delivery.scenario";

// The same end-to-end proof as the embedded test, through kafkajs: against librdkafka's
// mock cluster with KAFKA_MOCK=1 (.ci/run), or a real cluster named in KAFKA_BROKERS.
const realBrokers = process.env.KAFKA_BROKERS?.split(",").filter(Boolean);

if (realBrokers?.length || process.env.KAFKA_MOCK === "1") {
  let mock: KafkaMock | undefined;
  afterAll(async () => {
    await mock?.stop();
  });
  describeOutboxDelivery("kafka", async () => {
    let brokers = realBrokers ?? [];
    if (!brokers.length) {
      mock = await startKafkaMock({ topics: [{ name: TOPICS.telephony, partitions: 4 }] });
      brokers = mock.brokers;
    }
    return createKafkaBus({ brokers, clientId: `outbox-test-${process.pid}`, consumerTimings: TEST_CONSUMER_TIMINGS });
  });
} else {
  it("runs the Kafka end-to-end delivery test only with KAFKA_MOCK=1 or KAFKA_BROKERS (.ci/run sets KAFKA_MOCK)", () => {
    expect(process.env.KAFKA_MOCK).not.toBe("1");
  });
}
