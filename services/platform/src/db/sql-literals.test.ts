import { PGlite } from "@electric-sql/pglite";
import { inlineParameters, sqlLiteral } from "./sql-literals";

describe("inlineParameters", () => {
  it("quotes every kind of value the hot path binds", () => {
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral(12345678901234567890n)).toBe("'12345678901234567890'");
    expect(sqlLiteral(true)).toBe("'true'");
    expect(sqlLiteral(new Date("2026-01-02T03:04:05.006Z"))).toBe("'2026-01-02T03:04:05.006Z'");
    expect(sqlLiteral(new Uint8Array([0, 15, 255]))).toBe("'\\x000fff'");
    expect(sqlLiteral(["a", 'b"c', "d\\e", "f'g"])).toBe(`'{"a","b\\"c","d\\\\e","f''g"}'`);
    expect(inlineParameters("SELECT $1, $2, $10", ["a", "b", 3, 4, 5, 6, 7, 8, 9, "ten"])).toBe("SELECT 'a', 'b', 'ten'");
  });

  it("refuses what it cannot bind safely", () => {
    expect(() => inlineParameters("SELECT $2", ["a"])).toThrow("no value for $2");
    expect(() => sqlLiteral("a\u0000b")).toThrow("NUL");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });

  it("round-trips hostile values through PostgreSQL unchanged", async () => {
    const db = new PGlite();
    await db.exec("CREATE TABLE t (s text, b bytea, n int, ts timestamptz, tags text[], j jsonb, ok boolean, big bigint)");
    const hostile = ["'; DROP TABLE t; --", "back\\slash", "$1 and $2", "quote''s", "ünïcødé 🙂", "E'\\x27'", "new\nline"];
    for (const s of hostile) {
      const values = [s, new Uint8Array([39, 92, 0, 255]), -7, new Date("2026-03-08T07:00:00.000Z"), [s, "x"], JSON.stringify({ s }), false, 9007199254740993n];
      await db.exec(inlineParameters("INSERT INTO t (s, b, n, ts, tags, j, ok, big) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)", values));
      const [row] = (await db.query<Record<string, unknown>>("SELECT * FROM t WHERE s = $1", [s])).rows;
      expect(row).toEqual({
        s,
        b: new Uint8Array([39, 92, 0, 255]),
        n: -7,
        ts: new Date("2026-03-08T07:00:00.000Z"),
        tags: [s, "x"],
        j: { s },
        ok: false,
        big: 9007199254740993n,
      });
    }
    expect((await db.query("SELECT count(*)::int AS n FROM t")).rows).toEqual([{ n: hostile.length }]);
    await db.close();
  });
});
