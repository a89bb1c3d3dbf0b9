import { timestampFromDate } from "@rebound/contracts";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { EventBus } from "../src/bus/event-bus";
import type { ServiceDb } from "../src/db/service-db";
import type { SqlExecutor } from "../src/db/sql-executor";
import { subscribeConsumer } from "../src/consumer/subscribe-consumer";
import { PrismaClient } from "../src/generated/prisma/client";
import type { PlatformRuntime } from "../src/service/platform-runtime";
import { createTestRuntime } from "@rebound/testing";

const fixtures = join(__dirname, "fixtures");
type Db = ServiceDb<PrismaClient, SqlExecutor>;

/**
 * The plumbing end to end: a "producer" service appends an event in the same
 * transaction as its state change, a "consumer" service's handler records it with
 * processOnce. Run against each bus adapter.
 */
export function describeOutboxDelivery(name: string, createBus?: () => Promise<EventBus>) {
  describe(`outbox -> ${name} bus -> idempotent consumer`, () => {
    let runtime: PlatformRuntime;
    let producer: Db;
    let consumer: Db;

    beforeAll(async () => {
      runtime = await createTestRuntime({
        migrate: [join(fixtures, "producer"), join(fixtures, "consumer")],
        bus: createBus ? await createBus() : undefined,
      });
      producer = runtime.createServiceDb("fixture_producer", (adapter) => new PrismaClient({ adapter }));
      consumer = runtime.createServiceDb("fixture_consumer", (adapter) => new PrismaClient({ adapter }));
    }, 60_000);
    afterAll(() => runtime.close());

    const produce = (id: string, key: string) =>
      producer.transaction(async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO "fixture_producer"."items" (id) VALUES ($1)`, id);
        tx.append("CallMissed", key, { callId: id, businessId: key, occurredAt: timestampFromDate(new Date()) });
      });

    const subscribe = (group: string, onHandled?: () => void) =>
      subscribeConsumer(
        runtime.bus,
        {
          group,
          concurrency: 8,
          handlers: {
            CallMissed: async (event) => {
              await consumer.processOnce(group, event.id, async (tx) => {
                await tx.$executeRawUnsafe(
                  `INSERT INTO "fixture_consumer"."items" (id, event_id) VALUES ($1, $2)`,
                  `${group}:${event.payload.callId}`,
                  event.id,
                );
              });
              onHandled?.();
            },
          },
        },
        runtime.logger,
      );

    /** Call ids with this prefix that the group's handler recorded (a new group also replays older tests' events). */
    const received = async (group: string, prefix: string) => {
      const rows = await consumer.client.$queryRawUnsafe<{ id: string }[]>(`SELECT id FROM "fixture_consumer"."items" WHERE id LIKE $1`, `${group}:${prefix}%`);
      return rows.map((row) => row.id.slice(group.length + 1));
    };

    const waitForCount = async (group: string, prefix: string, count: number, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while ((await received(group, prefix)).length < count && Date.now() < deadline) await sleep(50);
      return received(group, prefix);
    };

    it("delivers an event appended in a transaction to another service's handler exactly once", async () => {
      const subscription = await subscribe("g-once");
      await produce("once-1", "biz-1");
      expect(await waitForCount("g-once", "once-", 1)).toEqual(["once-1"]);
      await sleep(300);
      expect(await received("g-once", "once-")).toEqual(["once-1"]);
      await subscription.stop();
    });

    it("loses nothing and duplicates nothing when the consumer is stopped and restarted mid-stream", async () => {
      let handled = 0;
      let subscription = await subscribe("g-restart", () => handled++);
      const ids = Array.from({ length: 120 }, (_, i) => `r-${i}`);
      const producing = (async () => {
        for (const [i, id] of ids.entries()) await produce(id, `biz-${i % 7}`);
      })();
      while (handled < 30) await sleep(5);
      await subscription.stop();
      await sleep(100);
      subscription = await subscribe("g-restart");
      await producing;
      const got = await waitForCount("g-restart", "r-", ids.length);
      expect(got.sort()).toEqual([...ids].sort());
      await sleep(300);
      expect(await received("g-restart", "r-")).toHaveLength(ids.length);
      await subscription.stop();
    }, 60_000);

    it("group-commits concurrent batched transactions, rejecting only the one that failed and publishing only the others' events", async () => {
      const subscription = await subscribe("g-batch");
      await produce("batch-taken", "biz-b");
      const attempt = (id: string) =>
        producer.sqlTransaction(
          async (tx) => {
            await tx.$executeRawUnsafe(`INSERT INTO "fixture_producer"."items" (id) VALUES ($1)`, id);
            tx.append("CallMissed", "biz-b", { callId: id, businessId: "biz-b" });
            return id;
          },
          { groupCommit: "urgent" },
        );
      const results = await Promise.allSettled(["batch-1", "batch-2", "batch-taken", "batch-3"].map(attempt));
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
      expect((await waitForCount("g-batch", "batch-", 4)).sort()).toEqual(["batch-1", "batch-2", "batch-3", "batch-taken"]);
      await sleep(300);
      expect(await received("g-batch", "batch-")).toHaveLength(4); // the failed attempt's event was dropped with its savepoint
      await subscription.stop();
    }, 30_000);

    it("writes events with the change they describe (changeWithEvents) only when it returns a matching row, its COMMIT riding the statement", async () => {
      const subscription = await subscribe("g-fold");
      const insertItem = (id: string, eventId = "") => ({
        sql: `INSERT INTO "fixture_producer"."items" (id, event_id) VALUES ($1, NULLIF($2, '')) ON CONFLICT (id) DO NOTHING RETURNING id, event_id`,
        values: [id, eventId],
      });
      const fold = (id: string, options: { when?: string; last?: boolean; groupCommit?: "urgent" | "linger"; eventId?: string } = {}) =>
        producer.sqlTransaction(
          (tx) =>
            tx.changeWithEvents<{ id: string; event_id: string | null }>(
              insertItem(id, options.eventId),
              (events) => events.append("CallMissed", "biz-f", { callId: id, businessId: "biz-f" }),
              { when: options.when, last: options.last ?? true },
            ),
          options.groupCommit ? { groupCommit: options.groupCommit } : {},
        );

      expect(await fold("fold-1")).toEqual([{ id: "fold-1", event_id: null }]);
      expect(await fold("fold-1")).toEqual([]); // a repeat changes nothing and records nothing
      expect(await fold("fold-gated", { when: "event_id IS NOT NULL" })).toEqual([{ id: "fold-gated", event_id: null }]);
      expect(await fold("fold-2", { when: "event_id IS NOT NULL", eventId: "e-2" })).toEqual([{ id: "fold-2", event_id: "e-2" }]);
      const batch = await Promise.all(["fold-3", "fold-4", "fold-3", "fold-5"].map((id) => fold(id, { groupCommit: "urgent" })));
      expect(batch.map((rows) => rows.length)).toEqual([1, 1, 0, 1]);
      // Work that appends the usual way shares the transaction: the last statement writes its events too.
      const appendPlainly = (id: string) =>
        producer.sqlTransaction(
          async (tx) => {
            await tx.$executeRawUnsafe(`INSERT INTO "fixture_producer"."items" (id) VALUES ($1)`, id);
            tx.append("CallMissed", "biz-f", { callId: id, businessId: "biz-f" });
            return [{ id }];
          },
          { groupCommit: "urgent" },
        );
      const mixed = await Promise.all([
        appendPlainly("fold-p1"),
        fold("fold-6", { groupCommit: "urgent" }),
        appendPlainly("fold-p2"),
        fold("fold-1", { groupCommit: "urgent" }),
      ]);
      expect(mixed.map((rows) => rows.length)).toEqual([1, 1, 1, 0]);

      const expected = ["fold-1", "fold-2", "fold-3", "fold-4", "fold-5", "fold-6", "fold-p1", "fold-p2"];
      expect((await waitForCount("g-fold", "fold-", expected.length)).sort()).toEqual(expected);
      await sleep(300);
      expect((await received("g-fold", "fold-")).sort()).toEqual(expected);
      const logged = await producer.client.$queryRawUnsafe<{ n: bigint }[]>(
        `SELECT count(*) AS n FROM "fixture_producer"."event_log" WHERE payload IS NOT NULL AND type = 'CallMissed' AND key = 'biz-f'`,
      );
      expect(Number(logged[0]?.n)).toBe(expected.length);

      // Once a statement carried the COMMIT, nothing may follow it in the transaction.
      await expect(
        producer.sqlTransaction(async (tx) => {
          await tx.changeWithEvents(insertItem("late-6"), (events) => events.append("CallMissed", "biz-f", { callId: "late-6", businessId: "biz-f" }), {
            last: true,
          });
          tx.append("CallMissed", "biz-f", { callId: "late-7", businessId: "biz-f" });
        }),
      ).rejects.toThrow("after the transaction's last statement");
      await subscription.stop();
    }, 30_000);

    it("delivers an event whose publish never happened because the process died after the commit", async () => {
      const subscription = await subscribe("g-crash");
      const afterCommit = producer.outbox.afterCommit.bind(producer.outbox);
      producer.outbox.afterCommit = () => undefined; // the process "dies" between commit and publish
      await produce("crash-1", "biz-9");
      producer.outbox.afterCommit = afterCommit;
      await producer.outbox.relayOnce(0);
      expect(await waitForCount("g-crash", "crash-", 1)).toEqual(["crash-1"]);
      const unpublished = await producer.client.$queryRawUnsafe<{ n: bigint }[]>(
        `SELECT count(*) AS n FROM "fixture_producer"."event_log" WHERE published_at IS NULL`,
      );
      expect(Number(unpublished[0]?.n)).toBe(0);
      await subscription.stop();
    }, 30_000);
  });
}
