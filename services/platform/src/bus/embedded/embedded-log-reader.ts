import { arrayText, type SqlExecutor } from "../../db/sql-executor";
import type { DeliveredRecord, LogReader } from "../event-bus";

type MessageRow = { seq: string; topic: string; partition: number; key: string; headers: unknown; value: Uint8Array };

/**
 * A replay of the embedded log (analytics:rebuild without Kafka), the counterpart of
 * openKafkaLogReader: the records of `topics` in bus.messages from sequence 0, in log order, until
 * the log ends. It joins no group and commits nothing. `db` is any client of the bus's database.
 */
export function openEmbeddedLogReader(db: SqlExecutor, topics: readonly string[]): LogReader {
  let after = 0n;
  return {
    async next(limit: number): Promise<DeliveredRecord[]> {
      const rows = await db.$queryRawUnsafe<MessageRow[]>(
        // ORDER BY the column (m.seq), not the text alias "seq", which would sort 10 before 9.
        `SELECT m.seq::text AS seq, m.topic, m.partition, m.key, m.headers, m.value FROM "bus"."messages" m
          WHERE m.seq > $1::bigint AND m.topic = ANY($2::text[]) ORDER BY m.seq LIMIT $3::int`,
        after.toString(),
        arrayText(topics),
        limit,
      );
      const last = rows[rows.length - 1];
      if (last) after = BigInt(last.seq);
      return rows.map((row) => ({
        topic: row.topic,
        partition: row.partition,
        offset: row.seq,
        key: row.key,
        headers: (typeof row.headers === "string" ? JSON.parse(row.headers) : row.headers) as Record<string, string>,
        value: new Uint8Array(row.value),
      }));
    },
    close: async () => undefined,
  };
}
