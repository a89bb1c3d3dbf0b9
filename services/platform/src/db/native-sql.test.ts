import { PGlite } from "@electric-sql/pglite";
import { pgliteNativeSql, type NativeSql } from "./native-sql";

describe("pgliteNativeSql", () => {
  let pglite: PGlite;
  let native: NativeSql;

  beforeEach(async () => {
    pglite = new PGlite();
    await pglite.exec("SET standard_conforming_strings = on");
    await pglite.exec("CREATE TABLE t (id int PRIMARY KEY, s text, b bytea, ts timestamptz, tags text[], j jsonb, ok boolean, big bigint)");
    native = pgliteNativeSql(pglite);
  });

  afterEach(async () => {
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
    expect(pglite.isInTransaction()).toBe(false);
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
