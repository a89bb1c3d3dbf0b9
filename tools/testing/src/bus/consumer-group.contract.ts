import type { BusRecord } from "@rebound/platform";
import { Collector, contractRecord, eventId, sleep, uniqueGroup, waitFor, type EventBusContractContext, type SubscriptionTracker } from "./contract-fixtures";

const recordsOf = (topic: string, keys: number, perKey: number, label: string): BusRecord[] =>
  Array.from({ length: perKey }, (_, seq) => seq).flatMap((seq) => Array.from({ length: keys }, (_, k) => contractRecord(topic, `${label}-${k}`, seq)));

/** Consumer groups, offsets and shutdown; registered inside describeEventBusContract. */
export function describeGroupContract(
  context: () => EventBusContractContext,
  subscriptions: SubscriptionTracker,
  groupSharing: "split" | "single-active",
): void {
  it("given two groups on one topic, when records are published, then each group handles every record once", async () => {
    const { bus, topic: newTopic } = context();
    const topic = newTopic();
    const [a, b] = [new Collector(), new Collector()];
    await Promise.all(
      [a, b].map((seen, i) =>
        subscriptions.subscribe(bus, { groupId: uniqueGroup(`fanout${i}`), topics: [topic], handler: async (r) => void seen.records.push(r) }),
      ),
    );
    const records = recordsOf(topic, 6, 5, "fanout");
    await bus.publish(records);

    await waitFor(() => a.has(records) && b.has(records), 8_000, "both groups to handle everything");
    await sleep(200);
    expect(a.records).toHaveLength(records.length);
    expect(b.records).toHaveLength(records.length);
  });

  it(`given two consumers in one group, when records are published, then together they handle each record exactly once${groupSharing === "split" ? " and both take a share" : ""}`, async () => {
    const { bus, topic: newTopic } = context();
    const topic = newTopic();
    const groupId = uniqueGroup("shared");
    const [a, b] = [new Collector(), new Collector()];
    // Both join at once so the group settles in one round; records only follow once both are members.
    // Same bus on purpose: the embedded adapter coordinates a group within one bus instance only.
    await Promise.all([
      subscriptions.subscribe(bus, { groupId, topics: [topic], handler: async (r) => void a.records.push(r) }),
      subscriptions.subscribe(bus, { groupId, topics: [topic], handler: async (r) => void b.records.push(r) }),
    ]);
    const published = recordsOf(topic, 12, 5, "shared");
    await bus.publish(published);
    const union = () => new Set([...a.ids(), ...b.ids()]);
    const allHandled = () => waitFor(() => published.every((record) => union().has(eventId(record))), 8_000, "the group to handle everything");
    await allHandled();
    // On Kafka a member that joined second can still be waiting for the group's last rebalance when
    // the first records arrive, and the first member handles them all. Once the group has settled,
    // the same keys are shared: more of them, a second apart, until both have taken some (or 5 s).
    for (let wave = 0; groupSharing === "split" && wave < 5 && (a.records.length === 0 || b.records.length === 0); wave++) {
      await sleep(1_000);
      const more = recordsOf(topic, 12, 1, "shared");
      published.push(...more);
      await bus.publish(more);
      await allHandled();
    }
    await sleep(300);
    expect(a.records.length + b.records.length).toBe(published.length);
    expect(union().size).toBe(published.length);
    if (groupSharing === "split") {
      expect(a.records.length).toBeGreaterThan(0);
      expect(b.records.length).toBeGreaterThan(0);
    }
  });

  it("given a consumer stopped mid-stream, when a new consumer of the group starts on another bus, then nothing is lost and nothing handled before the stop comes again", async () => {
    const { bus, newBus, topic: newTopic } = context();
    const topic = newTopic();
    const groupId = uniqueGroup("resume");
    const records = recordsOf(topic, 6, 10, "resume");
    await bus.publish(records);
    const before = new Collector();
    let stopped = false;
    let handledAfterStop = 0;
    const first = await subscriptions.subscribe(bus, {
      groupId,
      topics: [topic],
      concurrency: 2,
      handler: async (record) => {
        if (stopped) handledAfterStop++;
        await sleep(15);
        before.records.push(record);
      },
    });
    await waitFor(() => before.records.length >= 12, 8_000, "the first consumer to make progress");
    await first.stop();
    stopped = true;
    const stoppedAt = before.records.length;
    expect(stoppedAt).toBeLessThan(records.length);

    const after = new Collector();
    const laterBus = await newBus();
    await subscriptions.subscribe(laterBus, { groupId, topics: [topic], handler: async (r) => void after.records.push(r) });
    const union = () => new Set([...before.ids(), ...after.ids()]);
    await waitFor(() => records.every((record) => union().has(eventId(record))), 9_000, "the rest of the records");
    await sleep(200);

    expect(handledAfterStop).toBe(0);
    expect(before.records).toHaveLength(stoppedAt);
    const redelivered = after.records.filter((record) => before.ids().has(eventId(record)));
    expect(redelivered.map(eventId)).toEqual([]);
    expect(after.records.length).toBe(records.length - stoppedAt);
  });

  it("given a stopped subscription, when the bus publishes again and is closed twice, then publishing works and close() is idempotent", async () => {
    const { newBus, topic: newTopic } = context();
    const topic = newTopic();
    const bus = await newBus();
    const [stoppedSeen, liveSeen] = [new Collector(), new Collector()];
    const [toStop] = await Promise.all([
      subscriptions.subscribe(bus, { groupId: uniqueGroup("stopped"), topics: [topic], handler: async (r) => void stoppedSeen.records.push(r) }),
      subscriptions.subscribe(bus, { groupId: uniqueGroup("live"), topics: [topic], handler: async (r) => void liveSeen.records.push(r) }),
    ]);
    const first = contractRecord(topic, "close-1", 0);
    await bus.publish([first]);
    await waitFor(() => stoppedSeen.has([first]) && liveSeen.has([first]), 8_000, "the first record");
    await toStop.stop();
    await toStop.stop();

    const second = contractRecord(topic, "close-1", 1);
    await expect(bus.publish([second])).resolves.toBeUndefined();
    await waitFor(() => liveSeen.has([second]), 8_000, "the record published after the stop");
    expect(stoppedSeen.records.map(eventId)).toEqual([eventId(first)]);

    await Promise.all([bus.close(), bus.close()]);
    await expect(bus.close()).resolves.toBeUndefined();
  });
}
