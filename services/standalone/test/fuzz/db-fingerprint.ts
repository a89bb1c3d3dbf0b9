import type { Database } from "@rebound/platform";

// "Nothing written for rejected input": a fingerprint of every service's tables, taken before and
// after a request the API rejected. State tables are compared by content; logs that background work
// or every request touches (event logs, processed events, the bus, sessions) by row count.

const COUNTED_ONLY = new Set(["event_log", "processed_events", "sessions"]);
/** The embedded bus's transport tables: every event passes through them; the outboxes (event_log) already show what was appended. */
const TRANSPORT_SCHEMAS = new Set(["bus"]);

export interface Fingerprint {
  [table: string]: string;
}

export class DbFingerprint {
  private constructor(
    private readonly database: Database,
    private readonly sql: string,
    private readonly lagSql: string | undefined,
  ) {}

  static async of(database: Database): Promise<DbFingerprint> {
    const tables = await database.query<{ table_schema: string; table_name: string }>(
      `SELECT table_schema, table_name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') AND table_name <> '_prisma_migrations'
        ORDER BY 1, 2`,
    );
    const parts = tables
      .filter(({ table_schema: schema }) => !TRANSPORT_SCHEMAS.has(schema))
      .map(({ table_schema: schema, table_name: name }) => {
        const table = `"${schema}"."${name}"`;
        const value = COUNTED_ONLY.has(name) ? "count(*)::text" : "count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '')";
        return `(SELECT ${value} FROM ${table} t) AS "${schema}.${name}"`;
      });
    // The embedded bus (when it is the bus): consumer groups behind the last message of a topic they follow.
    const embeddedBus = tables.some(({ table_schema: schema, table_name: name }) => schema === "bus" && name === "consumer_offsets");
    const lagSql = embeddedBus
      ? `SELECT count(*)::int AS lagging FROM bus.consumer_offsets o WHERE o.committed_seq < (SELECT coalesce(max(m.seq), 0) FROM bus.messages m WHERE m.topic = o.topic)`
      : undefined;
    return new DbFingerprint(database, `SELECT ${parts.join(", ")}`, lagSql);
  }

  async take(): Promise<Fingerprint> {
    const [row] = await this.database.query<Fingerprint>(this.sql);
    return row ?? {};
  }

  /**
   * Waits until the events of an accepted request have been handled: every consumer group has
   * committed past the last message of its topics, and two reads 50 ms apart agree.
   */
  async settle(timeoutMs = 10_000): Promise<Fingerprint> {
    const deadline = Date.now() + timeoutMs;
    let previous = await this.take();
    let stable = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await this.take();
      stable = sameFingerprint(previous, next) && (await this.lagging()) === 0 ? stable + 1 : 0;
      if (stable >= 1) return next;
      if (Date.now() > deadline) throw new Error(`the database did not settle within ${timeoutMs} ms after an accepted request`);
      previous = next;
    }
  }

  private async lagging(): Promise<number> {
    if (!this.lagSql) return 0;
    const [row] = await this.database.query<{ lagging: number }>(this.lagSql);
    return row?.lagging ?? 0;
  }
}

export const sameFingerprint = (a: Fingerprint, b: Fingerprint): boolean => changedTables(a, b).length === 0;

export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}
