import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "./database";
import { unnestRows } from "./sql-executor";

/** A fresh PGlite runs initdb: seconds, or much more on a loaded machine. */
const INITDB_TIMEOUT_MS = 180_000;

describe("openDatabase on PGlite (pg over the PGlite thread's socket)", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory" });
  }, INITDB_TIMEOUT_MS);

  afterAll(async () => {
    await database.close();
  });

  beforeEach(async () => {
    await database.sql.$executeRawUnsafe("DROP TABLE IF EXISTS t");
    await database.sql.$executeRawUnsafe("CREATE TABLE t (id int PRIMARY KEY, s text, b bytea, ts timestamptz, tags text[], j jsonb, big bigint)");
  });

  it("round-trips hostile values as parameters, and multi-row inserts through unnest", async () => {
    const hostile = ["'; DROP TABLE t; --", "back\\slash", "$1 and $2", "quote''s", 'dq"uote', "ünïcødé 🙂", "new\nline", "{a,b}", "NULL"];
    const rows = hostile.map((s, id) => [
      id,
      s,
      new Uint8Array([39, 92, 0, 255]),
      new Date("2026-03-08T07:00:00.000Z"),
      JSON.stringify({ s }),
      9007199254740993n,
    ]);
    const unnest = unnestRows(rows, ["int", "text", "bytea", "timestamptz", "jsonb", "bigint"]);
    await database.sql.$executeRawUnsafe(`INSERT INTO t (id, s, b, ts, j, big) SELECT * FROM ${unnest.sql}`, ...unnest.values);
    await database.sql.$executeRawUnsafe("UPDATE t SET tags = ARRAY[s, 'x']");
    await database.sql.$executeRawUnsafe("INSERT INTO t (id, s, tags) VALUES ($1, $2, $3)", 100, hostile[0], hostile);
    const read = await database.sql.$queryRawUnsafe<Record<string, unknown>[]>("SELECT * FROM t WHERE id < 100 ORDER BY id");
    expect(read).toEqual(
      hostile.map((s, id) => ({
        id,
        s,
        b: Buffer.from([39, 92, 0, 255]),
        ts: new Date("2026-03-08T07:00:00.000Z"),
        tags: [s, "x"],
        j: { s },
        big: "9007199254740993",
      })),
    );
    expect(await database.sql.$queryRawUnsafe("SELECT tags FROM t WHERE id = 100")).toEqual([{ tags: hostile }]);
  });

  it("keeps its one session after a failed statement, and refuses to commit a transaction a statement aborted", async () => {
    await database.sql.$executeRawUnsafe("INSERT INTO t (id) VALUES ($1)", 1);
    await expect(database.sql.$executeRawUnsafe("INSERT INTO t (id) VALUES ($1)", 1)).rejects.toMatchObject({ code: "23505" });
    await expect(
      database.sql.transaction(async (tx) => {
        await tx.$executeRawUnsafe("INSERT INTO t (id) VALUES ($1)", 2);
        await tx.$executeRawUnsafe("INSERT INTO t (id) VALUES ($1)", 1).catch(() => undefined);
      }),
    ).rejects.toThrow("rolled back");
    await expect(
      database.sql.transaction(async (tx) => {
        await tx.$executeRawUnsafe("INSERT INTO t (id) VALUES ($1)", 3);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await database.sql.$queryRawUnsafe("SELECT id FROM t ORDER BY id")).toEqual([{ id: 1 }]);
    // Named statements survive on the one connection (no re-prepare after the errors).
    const prepared = await database.query<{ name: string }>("SELECT name FROM pg_prepared_statements");
    expect(prepared.length).toBeGreaterThan(0);
  });
});

describe("openDatabase on a PGlite data folder", () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), "rebound-db-"));
  });

  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    "keeps what was committed across a close and a reopen",
    async () => {
      const first = await openDatabase({ dataDir: folder });
      await first.sql.$executeRawUnsafe("CREATE TABLE kept (id int)");
      await first.sql.$executeRawUnsafe("INSERT INTO kept VALUES ($1)", 7);
      await first.close();
      const second = await openDatabase({ dataDir: folder });
      try {
        expect(await second.query("SELECT id FROM kept")).toEqual([{ id: 7 }]);
      } finally {
        await second.close();
      }
    },
    2 * INITDB_TIMEOUT_MS,
  );

  it(
    "starts from a dumped data folder (the tests' migrated template)",
    async () => {
      const source = new PGlite();
      await source.exec("CREATE TABLE templated (id int); INSERT INTO templated VALUES (42)");
      const template = new Uint8Array(await (await source.dumpDataDir("none")).arrayBuffer());
      await source.close();
      const database = await openDatabase({ dataDir: "memory", template });
      try {
        expect(await database.query("SELECT id FROM templated")).toEqual([{ id: 42 }]);
      } finally {
        await database.close();
      }
    },
    INITDB_TIMEOUT_MS,
  );

  it(
    "reports a folder it cannot open instead of hanging",
    async () => {
      writeFileSync(join(folder, "pglite"), "not a database");
      await expect(openDatabase({ dataDir: folder })).rejects.toThrow(/cannot open PGlite/);
    },
    INITDB_TIMEOUT_MS,
  );
});
