import { PGlite, types } from "@electric-sql/pglite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGliteThread } from "./pglite-thread";

const ROW_TYPES = "id int PRIMARY KEY, s text, b bytea, ts timestamptz, tags text[], counts int[], j jsonb, ok boolean, big bigint, amount numeric, missing text";
const ROW = [1, "O'Brien $1", new Uint8Array([0, 39, 255]), new Date("2026-03-08T07:00:00.000Z"), ["a", 'b"c'], [1, 2], { k: [1] }, true, 9007199254740993n, "12.50", null];
const INSERT = "INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";

describe("PGliteThread", () => {
  let thread: PGliteThread;
  let inProcess: PGlite;

  beforeAll(async () => {
    [thread, inProcess] = await Promise.all([PGliteThread.start(), PGlite.create()]);
  });

  afterAll(async () => {
    await Promise.all([thread.close(), inProcess.close()]);
  });

  beforeEach(async () => {
    for (const db of [thread, inProcess]) await db.exec(`DROP TABLE IF EXISTS t; CREATE TABLE t (${ROW_TYPES})`);
  });

  it("answers query, exec and transaction exactly as PGlite in this thread does", async () => {
    const run = async (db: PGliteThread | PGlite) => {
      const inserted = await db.query(INSERT, ROW);
      const objects = await db.query("SELECT * FROM t");
      // Prisma's adapter reads rows as arrays with its own parsers for some types.
      const arrays = await db.query("SELECT * FROM t", [], { rowMode: "array", parsers: { [types.NUMERIC]: (value: string) => `numeric:${value}` } });
      const exec = await db.exec("UPDATE t SET ok = false; SELECT count(*)::int AS n FROM t; SELECT 1 WHERE false");
      const inTransaction = await db.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id) VALUES ($1)", [2]);
        return (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM t")).rows;
      });
      return { inserted, objects, arrays, exec, inTransaction };
    };
    const ours = await run(thread);
    expect(ours).toEqual(await run(inProcess));
    expect(ours.objects.rows).toEqual([
      { id: 1, s: "O'Brien $1", b: new Uint8Array([0, 39, 255]), ts: new Date("2026-03-08T07:00:00.000Z"), tags: ["a", 'b"c'], counts: [1, 2], j: { k: [1] }, ok: true, big: 9007199254740993n, amount: "12.50", missing: null },
    ]);
    expect(ours.arrays.rows[0]).toContain("numeric:12.50");
    expect(ours.exec.map((result) => result.rows)).toEqual([[], [{ n: 1 }], []]);
    expect(ours.inTransaction).toEqual([{ n: 2 }]);
  });

  it("throws PGlite's DatabaseError with the SQLSTATE and the query, and stays usable", async () => {
    await thread.query(INSERT, ROW);
    await expect(thread.query(INSERT, ROW)).rejects.toMatchObject({ code: "23505", query: INSERT, params: ROW });
    await expect(thread.exec("SELECT nope")).rejects.toMatchObject({ code: "42703", query: "SELECT nope" });
    expect((await thread.query("SELECT count(*)::int AS n FROM t")).rows).toEqual([{ n: 1 }]);
  });

  it("rolls a transaction back when its callback throws or calls rollback", async () => {
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id) VALUES (1)");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await thread.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (2)");
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query("SELECT 1")).rejects.toThrow("Transaction is closed");
    });
    expect((await thread.query("SELECT count(*)::int AS n FROM t")).rows).toEqual([{ n: 0 }]);
    // Outside a transaction block SAVEPOINT fails with 25P01: nothing was left open.
    await expect(thread.exec("SAVEPOINT probe")).rejects.toMatchObject({ code: "25P01" });
  });

  it("rejects a value it cannot serialise and leaves the session ready for the next query", async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(thread.query("INSERT INTO t (id, j) VALUES ($1, $2)", [1, circular])).rejects.toThrow(/circular/i);
    expect((await thread.query("SELECT $1::int + 1 AS n", [41])).rows).toEqual([{ n: 42 }]);
    await expect(thread.query("SELECT $1::text AS f", [() => "a function"])).rejects.toThrow(/could not be cloned/);
    await expect(thread.query("SELECT $1::int AS n", [1], { serializers: { [types.INT4]: String } })).rejects.toThrow(/custom serializers/);
    expect((await thread.query("SELECT $1::int + 1 AS n", [1])).rows).toEqual([{ n: 2 }]);
  });

  it("runs one statement at a time: a transaction holds everyone else off until it ends", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = thread.transaction(async (t) => {
      await t.query("INSERT INTO t (id) VALUES (1)");
      order.push("tx wrote");
      await held;
      order.push("tx commits");
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const read = thread.query<{ n: number }>("SELECT count(*)::int AS n FROM t").then((result) => order.push(`read ${result.rows[0]?.n}`));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(["tx wrote"]);
    release();
    await Promise.all([tx, read]);
    expect(order).toEqual(["tx wrote", "tx commits", "read 1"]);
  });
});

describe("PGliteThread on a data folder", () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), "pglite-thread-"));
  });

  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it("keeps what was committed across a close and a reopen, and refuses work once closed", async () => {
    const first = await PGliteThread.start(join(folder, "db"));
    await first.exec("CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)");
    await first.close();
    expect(first.closed).toBe(true);
    await expect(first.query("SELECT 1")).rejects.toThrow("PGlite is closed");

    const second = await PGliteThread.start(join(folder, "db"));
    try {
      expect((await second.query("SELECT id FROM kept")).rows).toEqual([{ id: 7 }]);
    } finally {
      await second.close();
    }
  });

  it("reports a folder it cannot open instead of hanging", async () => {
    const notAFolder = join(folder, "file");
    writeFileSync(notAFolder, "not a database");
    await expect(PGliteThread.start(notAFolder)).rejects.toThrow(/cannot open PGlite/);
  });
});
