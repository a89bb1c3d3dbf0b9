import { PGlite } from "@electric-sql/pglite";
import { pgliteNativeSql, type NativeSql } from "./native-sql";
import type { PgliteConnection } from "./pglite-connection";
import { PGliteThread } from "./pglite-thread/pglite-thread";

const kinds: [string, () => Promise<PgliteConnection>][] = [
  ["PGlite in this thread", async () => new PGlite()],
  ["PGlite in its own thread", () => PGliteThread.start()],
];

describe.each(kinds)("pgliteNativeSql on %s", (_kind, open) => {
  let pglite: PgliteConnection;
  let native: NativeSql;

  // One database per kind (a PGlite takes seconds to open); each test starts from an empty table and no prepared statements.
  beforeAll(async () => {
    pglite = await open();
    await pglite.exec("SET standard_conforming_strings = on");
  });

  beforeEach(async () => {
    await pglite.exec("DEALLOCATE ALL; DROP TABLE IF EXISTS t");
    await pglite.exec("CREATE TABLE t (id int PRIMARY KEY, s text, b bytea, ts timestamptz, tags text[], j jsonb, ok boolean, big bigint)");
    native = pgliteNativeSql(pglite);
  });

  const preparedTexts = async () => (await pglite.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements")).rows.map((row) => row.statement.replace(/^PREPARE \S+ AS /, ""));
  // Outside a transaction block SAVEPOINT fails with 25P01.
  const expectNoOpenTransaction = () => expect(pglite.exec("SAVEPOINT probe")).rejects.toMatchObject({ code: "25P01" });

  afterAll(async () => {
    await pglite.close();
  });

  it("returns rows typed as PGlite's own query does, and affected-row counts", async () => {
    const values = [1, "O'Brien $1", new Uint8Array([0, 39, 255]), new Date("2026-03-08T07:00:00.000Z"), ["a", 'b"c'], JSON.stringify({ k: [1] }), true, 9007199254740993n];
    const inserted = await native.$executeRawUnsafe("INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8), ($1 + 1, $2, $3, $4, $5, $6::jsonb, $7, $8)", ...values);
    expect(inserted).toBe(2);
    const ours = await native.$queryRawUnsafe<Record<string, unknown>[]>("SELECT * FROM t ORDER BY id");
    const theirs = (await pglite.query<Record<string, unknown>>("SELECT * FROM t ORDER BY id")).rows;
    expect(ours).toEqual(theirs);
    expect(ours[0]).toEqual({ id: 1, s: "O'Brien $1", b: new Uint8Array([0, 39, 255]), ts: new Date("2026-03-08T07:00:00.000Z"), tags: ["a", 'b"c'], j: { k: [1] }, ok: true, big: 9007199254740993n });
    expect(await native.$executeRawUnsafe("UPDATE t SET ok = false")).toBe(2);
    expect(await native.$queryRawUnsafe("SELECT 1 AS one WHERE false")).toEqual([]);
  });

  it("commits a transaction's statements together, and rolls them all back when the work throws", async () => {
    await native.transaction(async (tx) => {
      await tx.$executeRawUnsafe("INSERT INTO t (id) VALUES (1)");
      await tx.$executeRawUnsafe("INSERT INTO t (id) VALUES (2)");
    });
    await expect(
      native.transaction(async (tx) => {
        await tx.$executeRawUnsafe("INSERT INTO t (id) VALUES (3)");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await native.$queryRawUnsafe("SELECT id FROM t ORDER BY id")).toEqual([{ id: 1 }, { id: 2 }]);
    await expectNoOpenTransaction();
  });

  it("reports a failed statement with its SQLSTATE and leaves the connection usable", async () => {
    await native.$executeRawUnsafe("INSERT INTO t (id) VALUES (1)");
    await expect(native.$executeRawUnsafe("INSERT INTO t (id) VALUES (1)")).rejects.toMatchObject({ code: "23505" });
    await expect(native.transaction((tx) => tx.$executeRawUnsafe("INSERT INTO t (id) VALUES (1)"))).rejects.toMatchObject({ code: "23505" });
    expect(await native.$queryRawUnsafe("SELECT count(*)::int AS n FROM t")).toEqual([{ n: 1 }]);
  });

  it("never reports a commit for a transaction that a swallowed failure aborted", async () => {
    await native.$executeRawUnsafe("INSERT INTO t (id) VALUES (1)");
    await expect(
      native.transaction(async (tx) => {
        await tx.$executeRawUnsafe("INSERT INTO t (id) VALUES (2)");
        await tx.$executeRawUnsafe("INSERT INTO t (id) VALUES (1)").catch(() => undefined);
      }),
    ).rejects.toThrow("rolled back");
    expect(await native.$queryRawUnsafe("SELECT id FROM t")).toEqual([{ id: 1 }]);
  });

  it("prepares a statement after its first run, outside any transaction, and runs it the same way after", async () => {
    const insert = "INSERT INTO t (id, s, tags, ts) VALUES ($1, $2, $3, $4)";
    const read = "SELECT id, s, tags, ts FROM t WHERE id = $1";
    const at = new Date("2026-11-01T04:00:00.000Z");
    const rows: unknown[] = [];
    await native.transaction(async (tx) => {
      for (const id of [1, 2, 3]) {
        await tx.$executeRawUnsafe(insert, id, `it's #${id} $1`, ["a", `b${id}`], at, "an unused extra value");
        rows.push(...(await tx.$queryRawUnsafe<unknown[]>(read, id)));
      }
    });
    expect(await preparedTexts()).toEqual(expect.arrayContaining([insert, read]));
    await native.transaction(async (tx) => {
      await tx.$executeRawUnsafe(insert, 4, "it's #4 $1", ["a", "b4"], at);
      rows.push(...(await tx.$queryRawUnsafe<unknown[]>(read, 4)));
    });
    expect(rows).toEqual([1, 2, 3, 4].map((id) => ({ id, s: `it's #${id} $1`, tags: ["a", `b${id}`], ts: at })));
    // A prepared statement belongs to the session: a rolled-back transaction keeps it.
    await expect(native.transaction(async (tx) => tx.$executeRawUnsafe(insert, 4, "dup", [], at))).rejects.toMatchObject({ code: "23505" });
    expect(await native.$executeRawUnsafe(insert, 5, "five", [], at)).toBe(1);
    expect((await preparedTexts()).filter((text) => text === insert)).toHaveLength(1);
  });

  it("runs a statement Postgres cannot prepare inlined every time, without aborting the transaction", async () => {
    const twoStatements = "INSERT INTO t (id) VALUES ($1); SELECT count(*)::int AS n FROM t";
    const untypable = "SELECT $2::int AS two"; // $1's type cannot be inferred
    for (const id of [1, 2, 3]) {
      await native.transaction(async (tx) => {
        expect(await tx.$queryRawUnsafe(twoStatements, id)).toEqual([{ n: id }]);
        expect(await tx.$queryRawUnsafe(untypable, "unused", 2)).toEqual([{ two: 2 }]);
      });
    }
    expect(await preparedTexts()).not.toContain(twoStatements);
    expect(await preparedTexts()).not.toContain(untypable);
  });

  it("serialises with PGlite's own transactions and queries (what Prisma's adapter uses)", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ours = native.transaction(async (tx) => {
      await tx.$executeRawUnsafe("INSERT INTO t (id) VALUES (1)");
      order.push("native wrote");
      await held;
      order.push("native commits");
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const theirs = pglite.query<{ n: number }>("SELECT count(*)::int AS n FROM t").then((result) => {
      order.push(`prisma-side read ${result.rows[0]?.n}`);
    });
    const theirTx = pglite.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (2)");
      order.push("pglite tx wrote");
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(["native wrote"]);
    release();
    await Promise.all([ours, theirs, theirTx]);
    expect(order).toEqual(["native wrote", "native commits", "prisma-side read 1", "pglite tx wrote"]);
  });
});
