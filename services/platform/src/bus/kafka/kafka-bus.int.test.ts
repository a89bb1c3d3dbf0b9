import { describeIf } from "@rebound/testing";
import { describeEventBusContract, type EventBusContractContext } from "@rebound/testing/bus";
import { Collector, contractRecord, uniqueGroup, waitFor } from "@rebound/testing/bus";
import { mockClusterContext, realClusterContext } from "@rebound/testing/kafka";
import { busFetches } from "../../http/metrics";

// KAFKA_MOCK=1: librdkafka's mock cluster from .ci/kafka-mock (needs gcc and librdkafka-dev).
// KAFKA_BROKERS=host:port,...: a real cluster (topics are created and deleted by the suite).
const realBrokers = process.env.KAFKA_BROKERS?.split(",")
  .map((broker) => broker.trim())
  .filter(Boolean);
const configured: (() => Promise<EventBusContractContext>) | undefined = realBrokers?.length
  ? () => realClusterContext(realBrokers)
  : process.env.KAFKA_MOCK === "1"
    ? mockClusterContext
    : undefined;
/** Skipped suites never call it. */
const context = configured ?? (() => Promise.reject(new Error("no Kafka cluster configured")));

describeIf(configured !== undefined, "set KAFKA_MOCK=1 or KAFKA_BROKERS to run it; .ci/run sets KAFKA_MOCK")("Kafka adapter", () => {
  describeEventBusContract(realBrokers?.length ? "kafka (real cluster)" : "kafka (librdkafka mock cluster)", context);

  describe("kafka adapter: shutdown and metrics", () => {
    let ctx: EventBusContractContext;
    beforeAll(async () => {
      ctx = await context();
    });
    afterAll(() => ctx?.cleanup());

    it("given a handler that keeps failing, when its subscription stops, then stop returns promptly and the record goes to the group's next consumer", async () => {
      const topic = ctx.topic();
      const groupId = uniqueGroup("poison");
      const poison = contractRecord(topic, "poison", 0);
      await ctx.bus.publish([poison]);
      let attempts = 0;
      const failing = await ctx.bus.subscribe({
        groupId,
        topics: [topic],
        handler: async () => {
          attempts++;
          throw new Error("always fails");
        },
      });
      await waitFor(() => attempts >= 3, 8_000, "a few attempts");
      const stopStarted = Date.now();
      await failing.stop();
      expect(Date.now() - stopStarted).toBeLessThan(3_000);

      const next = new Collector();
      const later = await (await ctx.newBus()).subscribe({ groupId, topics: [topic], handler: async (r) => void next.records.push(r) });
      await waitFor(() => next.has([poison]), 9_000, "the failed record to come again");
      await later.stop();
      expect(next.records).toHaveLength(1);
    });

    it("given a subscription that received a record, then bus_fetches_total counts its group's fetches", async () => {
      const topic = ctx.topic();
      const groupId = uniqueGroup("fetch-count");
      const fetchesOf = async () => (await busFetches.get()).values.find((value) => value.labels.group === groupId)?.value ?? 0;
      const received = new Collector();
      const subscription = await ctx.bus.subscribe({ groupId, topics: [topic], handler: async (r) => void received.records.push(r) });
      const record = contractRecord(topic, "counted", 0);
      await ctx.bus.publish([record]);
      await waitFor(() => received.has([record]), 9_000, "the record");
      await subscription.stop();

      expect(await fetchesOf()).toBeGreaterThanOrEqual(1);
    });
  });
});
