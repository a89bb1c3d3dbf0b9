import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StatementCounts, type StatementCountsFile } from "./statement-counts";

/** A frontend message: type byte, int32 length (itself included), body. */
const message = (type: string, ...parts: (string | Buffer)[]) => {
  const body = Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(`${part}\0`) : part)));
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const parse = (name: string, text: string) => message("P", name, text, Buffer.from([0, 0]));
const bind = (name: string) => message("B", "", name, Buffer.alloc(6));
const sync = () => message("S");

describe("PGlite statement counts", () => {
  const dir = mkdtempSync(join(tmpdir(), "statement-counts-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("given simple queries, named and unnamed statements in batches, then each execution counts under its text and each batch is a round trip", () => {
    const path = join(dir, "counts.json");
    const counts = new StatementCounts(path);
    counts.record(message("Q", "BEGIN"));
    counts.record(Buffer.concat([parse("r1", "INSERT INTO calls  VALUES ($1)"), bind("r1"), message("E", "", Buffer.alloc(4)), sync()]));
    counts.record(Buffer.concat([bind("r1"), message("E", "", Buffer.alloc(4)), sync()]));
    counts.record(Buffer.concat([parse("", "SELECT 1"), bind(""), sync()]));
    counts.record(message("Q", "COMMIT"));
    counts.close();
    expect(JSON.parse(readFileSync(path, "utf8")) as StatementCountsFile).toEqual({
      roundTrips: 5,
      statements: { BEGIN: 1, "INSERT INTO calls VALUES ($1)": 2, "SELECT 1": 1, COMMIT: 1 },
    });
  });
});
