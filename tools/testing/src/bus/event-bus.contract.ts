import type { BusRecord, DeliveredRecord } from "@rebound/platform";
import { describeGroupContract } from "./consumer-group.contract";
import {
  Collector,
  contractRecord,
  eventId,
  hex,
  seqOf,
  sleep,
  SubscriptionTracker,
  uniqueGroup,
  waitFor,
  type EventBusContractContext,
} from "./contract-fixtures";

export type { EventBusContractContext } from "./contract-fixtures";

export interface EventBusContractOptions {
  /**
   * "split": consumers of one group share the partitions/keys (Kafka).
   * "single-active": one consumer of a group works while the others stand by.
   * Either way each record is handled once per group.
   */
  groupSharing?: "split" | "single-active";
}

/** Behaviour every EventBus adapter must show; uses nothing but the EventBus interface. */
export function describeEventBusContract(name: string, setup: () => Promise<EventBusContractContext>, options: EventBusContractOptions = {}): void {
  describe(`EventBus contract: ${name}`, () => {
    let ctx: EventBusContractContext;
    const subscriptions = new SubscriptionTracker();
    beforeAll(async () => {
      ctx = await setup();
    });
    afterEach(() => subscriptions.stopAll());
    afterAll(() => ctx?.cleanup());
    const context = () => ctx;

    it("given published records, when a new group subscribes, then it handles every record once with key, value bytes and headers intact", async () => {
      const topic = ctx.topic();
      const records: BusRecord[] = ["business-1", "business-2", "bøsiness-ü-3"].flatMap((key) =>
        [0, 1, 2, 3].map((seq) => contractRecord(topic, key, seq, { note: "héllo wörld" })),
      );
      records.push({ ...contractRecord(topic, "business-1", 4), value: new Uint8Array(0) });
      records.push({ ...contractRecord(topic, "business-2", 5), value: Uint8Array.from({ length: 256 }, (_, i) => i) });
      await ctx.bus.publish(records);
      await ctx.bus.publish([]);
      const seen = new Collector();
      await subscriptions.subscribe(ctx.bus, { groupId: uniqueGroup("intact"), topics: [topic], handler: async (r) => void seen.records.push(r) });

      await waitFor(() => seen.has(records), 8_000, "every record");
      await sleep(200);
      expect(seen.records).toHaveLength(records.length);
      for (const sent of records) {
        const got = seen.records.find((record) => eventId(record) === eventId(sent)) as DeliveredRecord;
        expect({ topic: got.topic, key: got.key, value: hex(got.value), headers: got.headers }).toEqual({
          topic: sent.topic,
          key: sent.key,
          value: hex(sent.value),
          headers: sent.headers,
        });
        expect(got.value).toBeInstanceOf(Uint8Array);
        expect(Number.isInteger(got.partition) && got.partition >= 0).toBe(true);
        expect(got.offset).toMatch(/^\d+$/);
      }
      expect(await ctx.bus.isReady()).toBe(true);
    });

    it("given 10 keys x 30 interleaved records and handlers of random duration, when handled with concurrency 4, then each key's records run one at a time in publish order", async () => {
      const topic = ctx.topic();
      const keys = Array.from({ length: 10 }, (_, i) => `order-${i}`);
      const batches = [0, 10, 20].map((from) =>
        Array.from({ length: 10 }, (_, i) => from + i).flatMap((seq) => keys.map((key) => contractRecord(topic, key, seq))),
      );
      for (const batch of batches) await ctx.bus.publish(batch);
      const seen = new Collector();
      const running = new Set<string>();
      const overlaps: string[] = [];
      await subscriptions.subscribe(ctx.bus, {
        groupId: uniqueGroup("order"),
        topics: [topic],
        concurrency: 4,
        handler: async (record) => {
          if (running.has(record.key)) overlaps.push(`${record.key}#${seqOf(record)}`);
          running.add(record.key);
          await sleep(Math.random() * 4);
          running.delete(record.key);
          seen.records.push(record);
        },
      });

      await waitFor(() => seen.records.length >= 300, 9_000, "300 records");
      expect(overlaps).toEqual([]);
      for (const key of keys) {
        const seqs = seen.records.filter((record) => record.key === key).map(seqOf);
        expect({ key, seqs }).toEqual({ key, seqs: Array.from({ length: 30 }, (_, i) => i) });
      }
    });

    it("given a handler still busy with key A, when records of other keys are waiting, then they are handled meanwhile", async () => {
      const topic = ctx.topic();
      const others = Array.from({ length: 9 }, (_, i) => contractRecord(topic, `other-${i}`, i));
      await ctx.bus.publish([contractRecord(topic, "slow-a", 0), ...others]);
      let slowRunning = false;
      let handledWhileSlow = 0;
      const seen = new Collector();
      await subscriptions.subscribe(ctx.bus, {
        groupId: uniqueGroup("parallel"),
        topics: [topic],
        concurrency: 4,
        handler: async (record) => {
          if (record.key === "slow-a") {
            slowRunning = true;
            await waitFor(() => handledWhileSlow > 0, 5_000, "another key while slow-a runs").catch(() => undefined);
            slowRunning = false;
          } else if (slowRunning) {
            handledWhileSlow++;
          }
          seen.records.push(record);
        },
      });

      await waitFor(() => seen.records.length >= 10, 9_000, "all 10 records");
      expect(handledWhileSlow).toBeGreaterThan(0);
    });

    it("given an unordered subscription, when one key's records are waiting, then several run at once and each is handled once", async () => {
      const topic = ctx.topic();
      const records = Array.from({ length: 6 }, (_, seq) => contractRecord(topic, "batched", seq));
      await ctx.bus.publish(records);
      let running = 0;
      let mostAtOnce = 0;
      const seen = new Collector();
      await subscriptions.subscribe(ctx.bus, {
        groupId: uniqueGroup("unordered"),
        topics: [topic],
        concurrency: 4,
        unordered: true,
        handler: async (record) => {
          running++;
          mostAtOnce = Math.max(mostAtOnce, running);
          // Held until a second record of the key is running too (or a while has passed).
          await waitFor(() => mostAtOnce > 1, 2_000, "a second record at once").catch(() => undefined);
          running--;
          seen.records.push(record);
        },
      });

      await waitFor(() => seen.records.length >= records.length, 9_000, "all 6 records");
      await sleep(300);
      expect(mostAtOnce).toBeGreaterThan(1);
      expect(seen.records.map(seqOf).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it("given a handler that throws for one record, when it is retried, then the same record comes again and later records of its key wait for it", async () => {
      const topic = ctx.topic();
      const flaky = [0, 1, 2, 3, 4].map((seq) => contractRecord(topic, "flaky", seq));
      const steady = [0, 1, 2].map((seq) => contractRecord(topic, "steady", seq));
      await ctx.bus.publish([...flaky, ...steady]);
      const failing = eventId(flaky[2] as BusRecord);
      const starts: string[] = [];
      const succeeded = new Collector();
      let failures = 0;
      let retriedBytesDiffer = false;
      await subscriptions.subscribe(ctx.bus, {
        groupId: uniqueGroup("retry"),
        topics: [topic],
        handler: async (record) => {
          if (record.key === "flaky") starts.push(`${seqOf(record)}`);
          if (eventId(record) === failing && failures < 2) {
            failures++;
            retriedBytesDiffer ||= hex(record.value) !== hex((flaky[2] as BusRecord).value);
            throw new Error(`contract: induced failure ${failures}`);
          }
          succeeded.records.push(record);
        },
      });

      await waitFor(() => succeeded.has([...flaky, ...steady]), 9_000, "all records to succeed");
      expect(failures).toBe(2);
      expect(retriedBytesDiffer).toBe(false);
      expect(succeeded.count(failing)).toBe(1);
      expect(succeeded.records.filter((r) => r.key === "flaky").map(seqOf)).toEqual([0, 1, 2, 3, 4]);
      expect(starts.indexOf("3")).toBeGreaterThan(starts.lastIndexOf("2"));
      expect(starts.filter((seq) => seq === "2")).toHaveLength(3);
    });

    describeGroupContract(context, subscriptions, options.groupSharing ?? "split");
  });
}
