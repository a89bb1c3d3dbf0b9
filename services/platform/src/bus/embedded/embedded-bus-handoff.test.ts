// The in-process handoff (PGlite): consumers take this process's commits without reading
// the log, in order, across rolled-back appends, and a consumer that starts behind catches
// up through a fetch. Runs on PGlite only: the handoff is off on PostgreSQL.
import { join } from "node:path";
import { openDatabase, type Database } from "../../db/database";
import { deployMigrations, migrationFactoryFor } from "@rebound/migrate";
import type { PgSql } from "../../db/pg-sql";
import { createSilentLogger } from "../../logging/logger";
import type { BusRecord, DeliveredRecord } from "../event-bus";
import { EmbeddedBus, type EmbeddedBusDb } from "./embedded-bus";

const record = (topic: string, key: string, n: number): BusRecord => ({
  topic,
  key,
  value: new TextEncoder().encode(String(n)),
  headers: { "event-type": "Numbered", "event-id": `${topic}-${n}` },
});

const valueOf = (delivered: DeliveredRecord) => Number(new TextDecoder().decode(delivered.value));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("embedded bus: in-process handoff", () => {
  let database: Database;
  let native: PgSql;
  let fetches = 0;
  let bus: EmbeddedBus;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory" });
    await deployMigrations(join(__dirname, "..", "..", ".."), migrationFactoryFor(database));
    native = database.sql;
    const counting: EmbeddedBusDb = {
      $executeRawUnsafe: (query, ...values) => native.$executeRawUnsafe(query, ...values),
      $queryRawUnsafe: <T>(query: string, ...values: unknown[]) => {
        if (query.includes('FROM "bus"."messages" WHERE topic')) fetches++;
        return native.$queryRawUnsafe<T>(query, ...values);
      },
      $transaction: (fn) => native.transaction(fn),
    };
    bus = new EmbeddedBus(counting, { logger: createSilentLogger(), serializeAppends: false, handOffInProcess: true, pollIntervalMs: 60_000 });
    await bus.start();
  }, 180_000); // a fresh PGlite runs initdb: seconds, or minutes on a loaded machine

  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  it("delivers every commit in order without reading the log, passing over rolled-back appends", async () => {
    const seen: number[] = [];
    const subscription = await bus.subscribe({
      groupId: "handoff",
      topics: ["numbers"],
      eventTypes: ["Numbered"],
      handler: async (delivered) => void seen.push(valueOf(delivered)),
    });
    await until(() => fetches >= 1); // the start-up read
    const afterStart = fetches;
    for (let n = 1; n <= 60; n++) {
      if (n % 10 === 0) {
        // An append whose transaction then fails: its numbers are never committed.
        let seqs: bigint[] = [];
        await expect(
          native.transaction(async (tx) => {
            seqs = await bus.appendInTransaction(tx, [record("numbers", "k", -n)]);
            throw new Error("rolled back");
          }),
        ).rejects.toThrow("rolled back");
        bus.rolledBack(seqs);
      }
      await bus.publish([record("numbers", "k", n), record("other-topic", "k", n)]);
    }
    await until(() => seen.length === 60);
    expect(seen).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    expect(fetches - afterStart).toBe(0);
    await subscription.stop();
  });

  it("lets a consumer that starts behind catch up through the log, then take the handoff", async () => {
    const seen: number[] = [];
    const subscription = await bus.subscribe({
      groupId: "late",
      topics: ["numbers"],
      eventTypes: ["Numbered"],
      handler: async (delivered) => void seen.push(valueOf(delivered)),
    });
    await until(() => seen.length === 60);
    const caughtUp = fetches;
    for (let n = 61; n <= 80; n++) await bus.publish([record("numbers", "k", n)]);
    await until(() => seen.length === 80);
    expect(seen).toEqual(Array.from({ length: 80 }, (_, index) => index + 1));
    expect(fetches - caughtUp).toBe(0);
    await subscription.stop();
  });
});
