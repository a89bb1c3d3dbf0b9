import { quoteIdent, selectRows, type RowGate, type SqlExecutor, type SqlStatement } from "../db/sql-executor";
import type { PendingEvent } from "./pending-event";

const COLUMNS = ["id", "type", "topic", "key", "payload", "traceparent", "occurred_at", "published_at"];

/** Raw SQL over a service's `event_log` table (its schema is named after the service). */
export class EventLogRepository {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${quoteIdent(schema)}."event_log"`;
  }

  async insert(tx: SqlExecutor, events: PendingEvent[], published: boolean): Promise<void> {
    if (events.length === 0) return;
    const { sql, values } = this.insertStatement(events, published);
    await tx.$executeRawUnsafe(sql, ...values);
  }

  /**
   * The insert as a statement, for a caller that folds it into its own (one round trip instead of two): its
   * parameters start after `offset` others; `gate` gates some of the events.
   */
  insertStatement(events: PendingEvent[], published: boolean, offset = 0, gate?: RowGate): SqlStatement {
    const rows = selectRows(
      events.map((event) => [
        event.id,
        event.type,
        event.topic,
        event.key,
        event.payload,
        event.traceparent ?? null,
        event.occurredAt,
        published ? event.occurredAt : null,
      ]),
      ["uuid", "text", "text", "text", "bytea", "text", "timestamptz", "timestamptz"],
      COLUMNS,
      offset,
      gate,
    );
    return { sql: `INSERT INTO ${this.table} (${COLUMNS.join(", ")}) ${rows.sql}`, values: rows.values };
  }

  async markPublished(db: SqlExecutor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.$executeRawUnsafe(`UPDATE ${this.table} SET published_at = now() WHERE id = ANY($1::uuid[]) AND published_at IS NULL`, ids);
  }

  /** Rows a crash left unpublished, oldest first; only those older than `olderThanMs` so the fast path wins races. */
  async findUnpublished(db: SqlExecutor, olderThanMs: number, limit: number): Promise<PendingEvent[]> {
    const rows = await db.$queryRawUnsafe<
      { id: string; type: string; topic: string; key: string; payload: Uint8Array; traceparent: string | null; occurred_at: Date }[]
    >(
      `SELECT id::text AS id, type, topic, key, payload, traceparent, occurred_at FROM ${this.table}
       WHERE published_at IS NULL AND recorded_at < now() - ($1::int * interval '1 millisecond')
       ORDER BY seq LIMIT $2`,
      olderThanMs,
      limit,
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type as PendingEvent["type"],
      topic: row.topic,
      key: row.key,
      payload: row.payload,
      occurredAt: row.occurred_at,
      traceparent: row.traceparent ?? undefined,
    }));
  }
}
