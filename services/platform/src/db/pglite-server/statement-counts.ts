// How many statements, transactions and round trips reach PGlite, by statement text: a
// measuring aid for the CPU per call (bench/call-path with BENCH_DB_BREAKDOWN=1), off unless
// PGLITE_STATEMENT_COUNTS names a file. The worker tallies what each batch holds and rewrites
// the file at most twice a second.
import { writeFileSync } from "node:fs";

export interface StatementCountsFile {
  /** Batches handed to the engine: one per client write (pg writes a statement's messages together). */
  roundTrips: number;
  /** Executions by statement text (BEGIN and COMMIT included, as simple queries). */
  statements: Record<string, number>;
}

const FLUSH_MS = 500;

export class StatementCounts {
  private readonly textByName = new Map<string, string>();
  private readonly counts: StatementCountsFile = { roundTrips: 0, statements: {} };
  private dirty = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly path: string) {
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** One batch of complete frontend messages (after the startup message). */
  record(batch: Buffer): void {
    this.counts.roundTrips++;
    this.dirty = true;
    let unnamedText = "";
    for (let at = 0; at + 5 <= batch.length;) {
      const type = String.fromCharCode(batch[at] as number);
      const length = batch.readInt32BE(at + 1);
      const body = batch.subarray(at + 5, at + 1 + length);
      if (type === "P") {
        const [name = "", text = ""] = cStrings(body, 2);
        if (name === "") unnamedText = text;
        else this.textByName.set(name, text);
      } else if (type === "B") {
        const [, name = ""] = cStrings(body, 2);
        this.count(name === "" ? unnamedText : (this.textByName.get(name) ?? `(statement ${name})`));
      } else if (type === "Q") {
        this.count(cStrings(body, 1)[0] ?? "");
      }
      at += 1 + length;
    }
  }

  flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    writeFileSync(this.path, JSON.stringify(this.counts));
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }

  private count(text: string): void {
    const key = text.replace(/\s+/g, " ").trim();
    this.counts.statements[key] = (this.counts.statements[key] ?? 0) + 1;
  }
}

function cStrings(body: Buffer, count: number): string[] {
  const strings: string[] = [];
  let at = 0;
  while (strings.length < count && at < body.length) {
    const end = body.indexOf(0, at);
    if (end < 0) break;
    strings.push(body.toString("utf8", at, end));
    at = end + 1;
  }
  return strings;
}
