// The embedded bus's log (bus.messages), read for two operational jobs: the rebuild replays it from
// offset zero, and /metrics reports how far the projections are behind it. Kafka deployments
// replay through a consumer group instead (rebuild/kafka-log-source.ts).

import type { DeliveredRecord } from "@rebound/platform";
import { epochMs, table, type AnalyticsDb } from "./analytics-db";

const MESSAGES = `"bus"."messages"`;
const OFFSETS = `"bus"."consumer_offsets"`;
const PROCESSED = table("processed_events");

export interface LogLag {
  events: number;
  /** Age of the oldest record not yet applied; 0 when none. */
  seconds: number;
}

export class EmbeddedLogRepository {
  constructor(private readonly db: AnalyticsDb) {}

  /** Up to `limit` records of `topics` after sequence `afterSeq`, in log order. */
  async readAfter(
    afterSeq: bigint,
    limit: number,
    topics: readonly string[],
    eventTypes: readonly string[],
  ): Promise<{ records: DeliveredRecord[]; lastSeq: bigint }> {
    const rows = await this.db.client.$queryRawUnsafe<{ seq: string; topic: string; partition: number; key: string; headers: unknown; value: Uint8Array }[]>(
      // ORDER BY the column (m.seq), not the text alias "seq", which would sort 10 before 9.
      `SELECT m.seq::text AS seq, m.topic, m.partition, m.key, m.headers, m.value FROM ${MESSAGES} m
        WHERE m.seq > $1::bigint AND m.topic = ANY($2::text[]) ORDER BY m.seq LIMIT $3::int`,
      afterSeq.toString(),
      `{${topics.join(",")}}`,
      limit,
    );
    const wanted = new Set(eventTypes);
    const records: DeliveredRecord[] = [];
    for (const row of rows) {
      const headers = (typeof row.headers === "string" ? JSON.parse(row.headers) : row.headers) as Record<string, string>;
      if (!wanted.has(headers["event-type"] ?? "")) continue;
      records.push({ topic: row.topic, partition: row.partition, offset: row.seq, key: row.key, headers, value: new Uint8Array(row.value) });
    }
    const last = rows[rows.length - 1];
    return { records, lastSeq: last ? BigInt(last.seq) : afterSeq };
  }

  /**
   * Records of `eventTypes` above the group's committed offsets that `consumer` has not applied
   * (its processed_events, so an offset commit still pending does not count as lag).
   */
  async lag(group: string, consumer: string, topics: readonly string[], eventTypes: readonly string[], nowMs: number): Promise<LogLag> {
    const rows = await this.db.client.$queryRawUnsafe<{ events: number; oldest: number | null }[]>(
      `SELECT count(*)::int AS events, ${epochMs("min(m.created_at)", "oldest")}
         FROM ${MESSAGES} m LEFT JOIN ${OFFSETS} o ON o.group_id = $1 AND o.topic = m.topic
        WHERE m.topic = ANY($2::text[]) AND m.seq > COALESCE(o.committed_seq, 0)
          AND m.headers->>'event-type' = ANY($3::text[])
          AND NOT EXISTS (SELECT 1 FROM ${PROCESSED} p WHERE p.consumer = $4 AND p.event_id = (m.headers->>'event-id')::uuid)`,
      group,
      `{${topics.join(",")}}`,
      `{${eventTypes.join(",")}}`,
      consumer,
    );
    const row = rows[0];
    const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
    return { events: Number(row?.events ?? 0), seconds: oldest === null ? 0 : Math.max(0, (nowMs - oldest) / 1000) };
  }
}
