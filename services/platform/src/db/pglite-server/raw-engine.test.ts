import { PGlite } from "@electric-sql/pglite";
import { RawEngine } from "./raw-engine";

const startup = () => {
  const body = Buffer.from("user\0postgres\0database\0postgres\0\0");
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196608, 4); // protocol 3.0
  return new Uint8Array(Buffer.concat([head, body]));
};
const query = (text: string) => {
  const body = Buffer.from(`${text}\0`);
  const head = Buffer.alloc(5);
  head.write("Q", 0, "latin1");
  head.writeInt32BE(4 + body.length, 1);
  return new Uint8Array(Buffer.concat([head, body]));
};
/**
 * The answer's message types in order ("C" CommandComplete, "E" ErrorResponse, "Z" ReadyForQuery ...),
 * without ParameterStatus and notices, which the engine sends when settings change.
 */
const types = (answer: Uint8Array) => {
  const bytes = Buffer.from(answer);
  const found: string[] = [];
  for (let at = 0; at + 5 <= bytes.length; at += 1 + bytes.readInt32BE(at + 1)) found.push(String.fromCharCode(bytes[at] as number));
  return found.filter((type) => type !== "S" && type !== "N").join("");
};

describe("PGlite's engine driven with bytes only", () => {
  let pglite: PGlite;
  let engine: RawEngine;

  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
    engine = new RawEngine(pglite);
  }, 60_000);
  afterAll(() => pglite.close());

  it("given the startup message, then authentication ok and ready for a query", () => {
    const answer = types(engine.exec(startup()));
    expect(answer.startsWith("R")).toBe(true);
    expect(answer.endsWith("Z")).toBe(true);
  });

  it("given statements, a failing one and the next, then each is answered and the failure leaves the session usable", () => {
    expect(types(engine.exec(query("CREATE TABLE t (id int PRIMARY KEY)")))).toBe("CZ");
    expect(types(engine.exec(query("INSERT INTO t VALUES (1)")))).toBe("CZ");
    expect(types(engine.exec(query("INSERT INTO t VALUES (1)")))).toBe("EZ");
    expect(types(engine.exec(query("SELECT id FROM t")))).toBe("TDCZ");
  });

  it("given an answer larger than the buffer, then it comes back whole", () => {
    const answer = engine.exec(query("SELECT repeat('x', 200000) AS big FROM generate_series(1, 3)"));
    expect(types(answer)).toBe("TDDDCZ");
    expect(answer.length).toBeGreaterThan(600_000);
  });

  it("given Terminate, then nothing reaches the engine and PGlite still closes", () => {
    expect(engine.exec(new Uint8Array([0x58, 0, 0, 0, 4]))).toHaveLength(0);
    expect(pglite.isInTransaction()).toBe(false);
  });
});
