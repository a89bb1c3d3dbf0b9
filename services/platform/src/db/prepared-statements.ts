// Server-side prepared statements for NativeSql. Planning dominates PGlite's cost of our
// hot statements: measured here, the missed-call dispatch statement (a five-part CTE)
// takes 1.4 ms inlined and 0.45 ms as EXECUTE of a prepared statement. A statement is
// prepared the first time it is seen (run inlined that time), with PREPARE issued outside
// any transaction, so a statement Postgres cannot prepare (several statements, a
// parameter whose type it cannot infer) never aborts a caller's transaction: it is
// simply inlined every time.
import { inlineParameters, sqlLiteral } from "./sql-literals";

/** Prepared statements live as long as the connection; past this many distinct texts new ones stay inlined. */
const MAX_PREPARED = 2_000;

type Prepared = { state: "queued" } | { state: "ready"; name: string; parameters: number } | { state: "unpreparable" };

export class PreparedStatements {
  private readonly statements = new Map<string, Prepared>();
  private queued: string[] = [];
  private prepared = 0;

  constructor(private readonly maxPrepared = MAX_PREPARED) {}

  /** The text to run for `sql` with `values`: EXECUTE when it is prepared, else the statement inlined. */
  textFor(sql: string, values: readonly unknown[]): string {
    const prepared = this.statements.get(sql);
    if (prepared?.state === "ready") {
      const count = prepared.parameters;
      if (values.length < count) throw new Error(`no value for $${values.length + 1}`);
      return count === 0 ? `EXECUTE ${prepared.name}` : `EXECUTE ${prepared.name}(${values.slice(0, count).map(sqlLiteral).join(", ")})`;
    }
    // PREPARE takes one statement and would run whatever follows a `;` there and then.
    if (!prepared && this.statements.size < this.maxPrepared && !sql.includes(";")) {
      this.statements.set(sql, { state: "queued" });
      this.queued.push(sql);
    }
    return inlineParameters(sql, values);
  }

  /** Prepares what was queued; call it outside any transaction. */
  async prepareQueued(run: (text: string) => Promise<unknown>): Promise<void> {
    const queued = this.queued;
    this.queued = [];
    for (const sql of queued) {
      const name = `rebound_${++this.prepared}`;
      try {
        await run(`PREPARE ${name} AS ${sql}`);
        this.statements.set(sql, { state: "ready", name, parameters: parameterCount(sql) });
      } catch {
        this.statements.set(sql, { state: "unpreparable" });
      }
    }
  }
}

function parameterCount(sql: string): number {
  let highest = 0;
  for (const match of sql.matchAll(/\$(\d+)/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}
