import { TOPICS } from "@rebound/contracts";
import { createKafkaBus } from "@rebound/platform";
import { describeIf } from "@rebound/testing";
import { startKafkaMock, TEST_CONSUMER_TIMINGS, type KafkaMock } from "@rebound/testing/kafka";
import { describeOutboxDelivery } from "./outbox-delivery.scenario";

// The same end-to-end proof as the embedded test, through kafkajs: against librdkafka's
// mock cluster with KAFKA_MOCK=1 (.ci/run), or a real cluster named in KAFKA_BROKERS.
const realBrokers = process.env.KAFKA_BROKERS?.split(",").filter(Boolean);

describeIf(Boolean(realBrokers?.length) || process.env.KAFKA_MOCK === "1", "set KAFKA_MOCK=1 or KAFKA_BROKERS to run it; .ci/run sets KAFKA_MOCK")(
  "outbox delivery through Kafka",
  () => {
    let mock: KafkaMock | undefined;
    afterAll(async () => {
      await mock?.stop();
    });
    describeOutboxDelivery("kafka", async () => {
      let brokers = realBrokers ?? [];
      if (!brokers.length) {
        mock = await startKafkaMock({ topics: [{ name: TOPICS.calls, partitions: 4 }] });
        brokers = mock.brokers;
      }
      return createKafkaBus({ brokers, clientId: `outbox-test-${process.pid}`, consumerTimings: TEST_CONSUMER_TIMINGS });
    });
  },
);
