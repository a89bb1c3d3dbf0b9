// How far the projections are behind the embedded bus's log (bus.messages), for /metrics. The
// rebuild replays the log through the platform's readers (openEmbeddedLogReader, openKafkaLogReader).

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
