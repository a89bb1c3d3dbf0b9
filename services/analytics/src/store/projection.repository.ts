// The projections' rows in SQL: loaded by key and written back in one statement per table, with
// the counters and the processed-event marks. Raw SQL over SqlExecutor so the same code runs in
// the live consumer's group-committed transactions and in the rebuild's batches.

import { unnestRows, type SqlExecutor } from "@rebound/platform";
import { emptyRowMaps, type CounterDelta, type RowMaps } from "../domain/fold";
import { factKeyOfRow } from "./row-keys";
import { PROJECTION_TABLES, type ProjectionRows, type ProjectionTable } from "../domain/projection-rows";
import { epochMs, table, type AnalyticsDb } from "./analytics-db";

type ColumnType = "text" | "bool" | "int" | "ts";
interface Column {
  name: string;
  field: string;
  type: ColumnType;
}
interface TableSpec {
  name: string;
  key: string[];
  columns: Column[];
}

const col = (name: string, field: string, type: ColumnType = "text"): Column => ({ name, field, type });

/** Column layout of each projection table (prisma/schema.prisma). */
export const TABLES: Readonly<Record<ProjectionTable, TableSpec>> = {
  businesses: {
    name: "businesses",
    key: ["business_id"],
    columns: [
      col("business_id", "businessId"),
      col("user_id", "userId"),
      col("time_zone", "timeZone"),
      col("average_client_value", "averageClientValue", "int"),
      col("close_rate_percent", "closeRatePercent", "int"),
      col("settings_at", "settingsAt", "ts"),
    ],
  },
  calls: {
    name: "calls",
    key: ["business_id", "call_id"],
    columns: [
      col("business_id", "businessId"),
      col("call_id", "callId"),
      col("call_sid", "callSid"),
      col("caller_number", "callerNumber"),
      col("call_status", "callStatus"),
      col("answered", "answered", "bool"),
      col("received", "received", "bool"),
      col("textable", "textable", "bool"),
      col("occurred_at", "occurredAt", "ts"),
    ],
  },
  texts: {
    name: "texts",
    key: ["business_id", "sms_id"],
    columns: [
      col("business_id", "businessId"),
      col("sms_id", "smsId"),
      col("call_id", "callId"),
      col("recipient_number", "recipientNumber"),
      col("message", "message"),
      col("kind", "kind"),
      col("status", "status"),
      col("at", "at", "ts"),
      col("queued_at", "queuedAt", "ts"),
      col("sent_at", "sentAt", "ts"),
      col("delivered_at", "deliveredAt", "ts"),
      col("failed_at", "failedAt", "ts"),
      col("error_code", "errorCode"),
    ],
  },
  suppressions: {
    name: "suppressions",
    key: ["business_id", "call_id"],
    columns: [
      col("business_id", "businessId"),
      col("call_id", "callId"),
      col("recipient_number", "recipientNumber"),
      col("reason", "reason"),
      col("suppressed_at", "suppressedAt", "ts"),
    ],
  },
  inbound: {
    name: "inbound_messages",
    key: ["business_id", "message_sid"],
    columns: [
      col("business_id", "businessId"),
      col("message_sid", "messageSid"),
      col("from_number", "fromNumber"),
      col("kind", "kind"),
      col("received_at", "receivedAt", "ts"),
    ],
  },
  optOuts: {
    name: "opt_outs",
    key: ["business_id", "event_id"],
    columns: [
      col("business_id", "businessId"),
      col("event_id", "eventId"),
      col("caller_number", "callerNumber"),
      col("source", "source"),
      col("opted_out_at", "optedOutAt", "ts"),
    ],
  },
  outcomes: {
    name: "conversation_outcomes",
    key: ["business_id", "caller_number"],
    columns: [
      col("business_id", "businessId"),
      col("caller_number", "callerNumber"),
      col("outcome", "outcome"),
      col("value_cents", "valueCents", "int"),
      col("set_at", "setAt", "ts"),
    ],
  },
};

const SQL_TYPE: Readonly<Record<ColumnType, string>> = { text: "text", bool: "bool", int: "int", ts: "float8" };

function selectList(spec: TableSpec): string {
  return spec.columns.map((column) => (column.type === "ts" ? epochMs(column.name) : `"${column.name}"`)).join(", ");
}

function toRow(spec: TableSpec, record: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of spec.columns) {
    const value = record[column.name];
    row[column.field] = value === null || value === undefined ? null : column.type === "ts" || column.type === "int" ? Number(value) : value;
  }
  return row;
}

/** The statements, built once per table (fixed text: planned and prepared once). */
const STATEMENTS = Object.fromEntries(
  PROJECTION_TABLES.map((name) => {
    const spec = TABLES[name];
    const keyTypes = spec.key.map(() => "text");
    const keyArgs = keyTypes.map((type, index) => `$${index + 1}::${type}[]`).join(", ");
    const load = `SELECT ${selectList(spec)} FROM ${table(spec.name)} WHERE (${spec.key.join(", ")}) IN (SELECT * FROM unnest(${keyArgs})) FOR UPDATE`;
    const aliases = spec.columns.map((column) => `"${column.name}"`).join(", ");
    const values = spec.columns.map((column) => (column.type === "ts" ? `to_timestamp(u."${column.name}" / 1000.0)` : `u."${column.name}"`)).join(", ");
    const updates = spec.columns
      .filter((column) => !spec.key.includes(column.name))
      .map((column) => `"${column.name}" = excluded."${column.name}"`)
      .join(", ");
    const unnest = unnestRows(
      [],
      spec.columns.map((column) => SQL_TYPE[column.type]),
    ).sql;
    const save =
      `INSERT INTO ${table(spec.name)} (${aliases}) SELECT ${values} FROM ${unnest} AS u(${aliases}) ` +
      `ON CONFLICT (${spec.key.join(", ")}) DO UPDATE SET ${updates}`;
    return [name, { load, save }];
  }),
) as Record<ProjectionTable, { load: string; save: string }>;

/** A factKey back into its `count` parts; the last part keeps any "/" of its own (a caller number is the caller's to spell). */
function splitKey(key: string, count: number): string[] {
  const parts = key.split("/");
  return [...parts.slice(0, count - 1), parts.slice(count - 1).join("/")];
}

const PROCESSED = table("processed_events");
const COUNTERS = table("counters");

export class ProjectionRepository {
  constructor(private readonly db: AnalyticsDb) {}

  /** Marks the events processed by `consumer`; returns the ids that were not processed before. */
  async markProcessed(tx: SqlExecutor, consumer: string, eventIds: readonly string[]): Promise<Set<string>> {
    if (eventIds.length === 0) return new Set();
    const rows = await tx.$queryRawUnsafe<{ event_id: string }[]>(
      `INSERT INTO ${PROCESSED} (consumer, event_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING RETURNING event_id::text AS event_id`,
      consumer,
      unnestRows(
        [...new Set(eventIds)].map((id) => [id]),
        ["uuid"],
      ).values[0],
    );
    return new Set(rows.map((row) => row.event_id));
  }

  /** The current rows of the given keys (factKey), locked until the transaction ends. */
  async load(tx: SqlExecutor, keys: Record<ProjectionTable, Set<string>>): Promise<RowMaps> {
    const maps = emptyRowMaps();
    for (const name of PROJECTION_TABLES) {
      const wanted = keys[name];
      if (wanted.size === 0) continue;
      const spec = TABLES[name];
      const parts = [...wanted].map((key) => splitKey(key, spec.key.length));
      const { values } = unnestRows(
        parts,
        spec.key.map(() => "text"),
      );
      const records = await tx.$queryRawUnsafe<Record<string, unknown>[]>(STATEMENTS[name].load, ...values);
      const map = maps[name] as Map<string, unknown>;
      for (const record of records) {
        const row = toRow(spec, record);
        map.set(factKeyOfRow(name, row), row);
      }
    }
    return maps;
  }

  async save(tx: SqlExecutor, changed: ProjectionRows): Promise<void> {
    for (const name of PROJECTION_TABLES) {
      const rows = changed[name] as unknown as Record<string, unknown>[];
      if (rows.length === 0) continue;
      const spec = TABLES[name];
      const { values } = unnestRows(
        rows.map((row) => spec.columns.map((column) => row[column.field])),
        spec.columns.map((column) => SQL_TYPE[column.type]),
      );
      await tx.$executeRawUnsafe(STATEMENTS[name].save, ...values);
    }
  }

  async addToCounters(tx: SqlExecutor, deltas: readonly CounterDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    const rows = unnestRows(
      deltas.map((delta) => [delta.businessId, delta.name, delta.delta]),
      ["text", "text", "int"],
    );
    await tx.$executeRawUnsafe(
      `INSERT INTO ${COUNTERS} (business_id, name, value) SELECT * FROM ${rows.sql} ON CONFLICT (business_id, name) DO UPDATE SET value = ${COUNTERS}.value + excluded.value`,
      ...rows.values,
    );
  }

  /** Drops every projection row and this consumer's processed marks (the rebuild starts from nothing). */
  async clear(tx: SqlExecutor, consumer: string): Promise<void> {
    const tables = [...PROJECTION_TABLES.map((name) => table(TABLES[name].name)), COUNTERS].join(", ");
    await tx.$executeRawUnsafe(`TRUNCATE ${tables}`);
    await tx.$executeRawUnsafe(`DELETE FROM ${PROCESSED} WHERE consumer = $1`, consumer);
  }

  /** Every row of every projection table and the counters, in key order: the rebuild test compares them. */
  async snapshot(): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const name of PROJECTION_TABLES) {
      const spec = TABLES[name];
      const records = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
        `SELECT ${selectList(spec)} FROM ${table(spec.name)} ORDER BY ${spec.key.join(", ")}`,
      );
      out[name] = records.map((record) => toRow(spec, record));
    }
    out.counters = await this.db.client.$queryRawUnsafe<unknown[]>(
      `SELECT business_id, name, value FROM ${COUNTERS} WHERE value <> 0 ORDER BY business_id, name`,
    );
    return out;
  }
}
