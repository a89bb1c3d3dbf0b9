import { createKafkaBus, subscribedTopics } from "./kafka-bus";
import { decodeHeaders, toDeliveredRecord, toTopicMessages } from "./kafka-records";

describe("kafka records", () => {
  it("given records of two topics, when batched, then they are grouped by topic in publish order with keys, byte values and headers", () => {
    const backing = Uint8Array.from([9, 1, 2, 3, 9]);
    const batch = toTopicMessages([
      { topic: "a", key: "k1", value: backing.subarray(1, 4), headers: { "event-type": "x" } },
      { topic: "b", key: "k2", value: new Uint8Array(0), headers: {} },
      { topic: "a", key: "k1", value: Uint8Array.from([4]), headers: { "event-id": "e2" } },
    ]);

    expect(batch.map((entry) => entry.topic)).toEqual(["a", "b"]);
    const [a, b] = batch;
    expect(a?.messages.map((message) => [message.key, Buffer.from(message.value as Buffer).toString("hex"), message.headers])).toEqual([
      ["k1", "010203", { "event-type": "x" }],
      ["k1", "04", { "event-id": "e2" }],
    ]);
    expect((b?.messages[0]?.value as Buffer).length).toBe(0);
  });

  it("given kafkajs headers as buffers, strings, repeated names and gaps, when decoded, then each becomes one string and the last repeat wins", () => {
    expect(decodeHeaders({ a: Buffer.from("ä"), b: "plain", c: [Buffer.from("first"), "last"], d: undefined })).toEqual({ a: "ä", b: "plain", c: "last" });
    expect(decodeHeaders(undefined)).toEqual({});
  });

  it("given a fetched message, when delivered, then the value is a copied Uint8Array and a null key or value becomes empty", () => {
    const value = Buffer.from([1, 2]);
    const record = toDeliveredRecord("t", 2, { key: Buffer.from("k"), value, headers: {}, offset: "41", timestamp: "0", attributes: 0 });
    value[0] = 7;
    expect(record).toEqual({ topic: "t", key: "k", value: Uint8Array.from([1, 2]), headers: {}, partition: 2, offset: "41" });
    const empty = toDeliveredRecord("t", 0, { key: null, value: null, headers: {}, offset: "0", timestamp: "0", attributes: 0 });
    expect([empty.key, empty.value.length]).toEqual(["", 0]);
  });
});

describe("kafka bus without a cluster", () => {
  const unreachable = () =>
    createKafkaBus({ brokers: ["127.0.0.1:1"], clientId: "unit", readyTimeoutMs: 1_000, retry: { retries: 0 }, connectionTimeoutMs: 200 });

  it("given an unreachable cluster, when asked for readiness, then it answers false without hanging", async () => {
    const bus = unreachable();
    expect(bus.kind).toBe("kafka");
    expect(await bus.isReady()).toBe(false);
    await bus.close();
  });

  it("given an empty publish, then nothing is sent and no connection is needed", async () => {
    const bus = unreachable();
    await expect(bus.publish([])).resolves.toBeUndefined();
    await bus.close();
  });

  it("given a closed bus, when closed again, publishing or subscribing, then close is idempotent and the others are refused", async () => {
    const bus = unreachable();
    await Promise.all([bus.close(), bus.close()]);
    await expect(bus.close()).resolves.toBeUndefined();
    await expect(bus.publish([{ topic: "t", key: "k", value: new Uint8Array(1), headers: {} }])).rejects.toThrow("closed");
    await expect(bus.subscribe({ groupId: "g", topics: ["t"], handler: async () => undefined })).rejects.toThrow("closed");
    expect(await bus.isReady()).toBe(false);
  });
});

describe("the topics a Kafka consumer reads", () => {
  const options = { topics: ["rebound.calls.v1", "rebound.messaging.v1"], formerTopics: ["rebound.telephony.v1"] };

  it("given former topics, when no rollout asks for them, then only the subscription's own topics are read (fewer partitions in every fetch)", () => {
    expect(subscribedTopics(options, false)).toEqual(["rebound.calls.v1", "rebound.messaging.v1"]);
  });

  it("given former topics, when a rollout asks for them (KAFKA_READ_FORMER_TOPICS), then they are read too, once each", () => {
    expect(subscribedTopics(options, true)).toEqual(["rebound.calls.v1", "rebound.messaging.v1", "rebound.telephony.v1"]);
    expect(subscribedTopics({ topics: ["a"], formerTopics: ["a"] }, true)).toEqual(["a"]);
    expect(subscribedTopics({ topics: ["a"] }, true)).toEqual(["a"]);
  });
});
