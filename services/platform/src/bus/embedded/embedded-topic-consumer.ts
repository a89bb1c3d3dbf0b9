import { backoffDelay, retry } from "../../retry/retry";
import type { Logger } from "../../logging/logger";
import type { DeliveredRecord, RecordHandler } from "../event-bus";
import type { CommittedChunk, SequencedRecord } from "./commit-handoff";
import type { EmbeddedBusDb } from "./embedded-bus";
import { partitionOf } from "./partition";
import { KeyOrderedDispatcher } from "./key-ordered-dispatcher";
import { CommitSchedule } from "../commit-schedule";

interface ConsumerOptions {
  db: EmbeddedBusDb;
  groupId: string;
  topic: string;
  handler: RecordHandler;
  concurrency: number;
  /** One key's records may run at once (SubscribeOptions.unordered). */
  unordered: boolean;
  logger: Logger;
  pollIntervalMs: number;
  batchSize: number;
  eventTypes?: string[];
  /** With in-process handoff: everything committed at or below this was handed over (CommitHandoff.through). */
  handedOverThrough?: () => bigint | undefined;
}

interface Read {
  rows: MessageRow[];
  /** The read position after these rows: every record of the topic at or below it has been read. */
  position: bigint;
}

interface MessageRow {
  seq: bigint | string | number;
  partition: number;
  key: string;
  headers: Record<string, string> | string;
  /** Null for a record of a type this consumer does not handle. */
  value: Uint8Array | null;
}

/** Handed-over chunks kept at most (a consumer that is not running, or lags): past that a fetch reads them. */
const MAX_CHUNKS = 1_024;
const MAX_RETRY_DELAY_MS = 5_000;
const STOP_GRACE_MS = 5_000;

class Abandoned extends Error {}

/** One consumer group reading one topic of the embedded log. */
export class EmbeddedTopicConsumer {
  readonly groupId: string;
  readonly topic: string;
  private dispatcher?: KeyOrderedDispatcher;
  private fetchedUpTo = 0n;
  private committed = 0n;
  /** Handled before the last stop, above the committed offset: skipped when fetched again. */
  private alreadyHandled = new Set<bigint>();
  private dirty = false;
  private readonly eventTypes?: Set<string>;
  private stopping = false;
  /** Set when the stop grace period ran out: handlers being retried give up. */
  private abandoning = false;
  private wakeUp?: () => void;
  private woken = false;
  private loop?: Promise<void>;
  /** Offsets are written on quiet, at least once a second (commit-schedule.ts). */
  private readonly commitSchedule = new CommitSchedule(() => {
    this.commit().catch((error: unknown) => this.options.logger.warn({ err: error }, "offset commit failed"));
  });
  /** Records committed in this process since the last read, in commit order (see offer). */
  private chunks: { after: bigint; through: bigint; rows: MessageRow[] }[] = [];

  constructor(private readonly options: ConsumerOptions) {
    this.groupId = options.groupId;
    this.topic = options.topic;
    this.eventTypes = options.eventTypes ? new Set(options.eventTypes) : undefined;
  }

  /** Whether a record of this topic and event type concerns this consumer. */
  wants(topic: string, eventType: string | undefined): boolean {
    if (topic !== this.topic) return false;
    return !this.eventTypes || eventType === undefined || this.eventTypes.has(eventType);
  }

  start(): void {
    this.loop = this.run().catch((error: unknown) => {
      this.options.logger.error({ err: error, group: this.groupId, topic: this.topic }, "embedded consumer crashed");
    });
  }

  /**
   * Records just committed in this process (see CommitHandoff). The next read takes them
   * instead of fetching when they follow on from its position; after a gap (a consumer
   * that fell behind, or just started) it fetches, which always sees them too.
   */
  offer(chunk: CommittedChunk): void {
    const rows = chunk.records.filter((record) => record.topic === this.topic).map((record) => this.toRow(record));
    const last = this.chunks.at(-1);
    if (last && rows.length === 0 && last.through === chunk.after) {
      last.through = chunk.through;
      return;
    }
    if (this.chunks.length >= MAX_CHUNKS) this.chunks = [];
    this.chunks.push({ after: chunk.after, through: chunk.through, rows });
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    await this.dispatcher?.drain(STOP_GRACE_MS, () => {
      this.abandoning = true;
    });
    this.commitSchedule.cancel();
    await this.commit().catch((error: unknown) => this.options.logger.warn({ err: error }, "final offset commit failed"));
  }

  /**
   * Runs a read of the log until it succeeds: while the database is unreachable the consumer
   * waits and tries again (a warning per attempt, 100 ms doubling to 5 s) instead of dying.
   * Undefined once the consumer is stopping.
   */
  private async untilRead<T>(what: string, read: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 1; !this.stopping; attempt++) {
      try {
        return await read();
      } catch (error) {
        if (this.stopping) return undefined;
        const retryInMs = backoffDelay({ baseDelayMs: 100, maxDelayMs: MAX_RETRY_DELAY_MS }, attempt);
        this.options.logger.warn({ err: error, group: this.groupId, topic: this.topic, attempt, retryInMs }, `${what} failed; retrying`);
        await this.waitForWake(retryInMs);
      }
    }
    return undefined;
  }

  private async run(): Promise<void> {
    const offset = await this.untilRead("loading the consumer offset", () => this.loadCommitted());
    if (!offset) return;
    this.committed = offset.committedSeq;
    this.alreadyHandled = new Set(offset.handledAbove);
    this.fetchedUpTo = this.committed;
    this.dispatcher = new KeyOrderedDispatcher(
      (record) => this.handleWithRetry(record),
      this.options.concurrency,
      this.committed,
      () => this.scheduleCommit(),
      this.options.unordered,
    );
    while (!this.stopping) {
      if (this.dispatcher.backlog >= this.options.batchSize * 2) {
        await this.waitForWake(20);
        continue;
      }
      // Let the commits of requests already read in this turn land, so one fetch carries them all.
      await new Promise((resolve) => setImmediate(resolve));
      this.woken = false;
      const read = this.takeOffered() ?? (await this.untilRead("reading the event log", () => this.fetchFromLog()));
      if (!read) break;
      const { rows, position } = read;
      for (const row of rows) {
        const seq = BigInt(row.seq);
        if (this.alreadyHandled.delete(seq) || row.value === null) this.dispatcher.pushHandled(seq);
        else this.dispatcher.push(toRecord(this.topic, row));
      }
      this.fetchedUpTo = position;
      if (rows.length < this.options.batchSize && !this.woken) await this.waitForWake(this.options.pollIntervalMs);
    }
  }

  /** The handed-over records that follow the read position, or undefined when a fetch is needed. */
  private takeOffered(): Read | undefined {
    if (this.chunks.length === 0) return undefined;
    let position = this.fetchedUpTo;
    const rows: MessageRow[] = [];
    while (this.chunks[0]) {
      const chunk = this.chunks[0];
      if (chunk.through <= position) {
        this.chunks.shift();
        continue;
      }
      if (chunk.after > position) {
        this.chunks = [];
        return undefined;
      }
      const fresh = chunk.rows.filter((row) => BigInt(row.seq) > position);
      if (rows.length > 0 && rows.length + fresh.length > this.options.batchSize) break;
      rows.push(...fresh);
      position = chunk.through;
      this.chunks.shift();
    }
    return { rows, position };
  }

  /** Reads the log. A short read saw everything committed so far, including what was handed over before it began. */
  private async fetchFromLog(): Promise<Read> {
    const handedOver = this.options.handedOverThrough?.();
    const rows = await this.fetch();
    const last = rows.at(-1);
    let position = last ? BigInt(last.seq) : this.fetchedUpTo;
    if (rows.length < this.options.batchSize && handedOver !== undefined && handedOver > position) position = handedOver;
    return { rows, position };
  }

  private toRow(record: SequencedRecord): MessageRow {
    const type = record.headers["event-type"];
    return {
      seq: record.seq,
      partition: partitionOf(record.key),
      key: record.key,
      headers: record.headers,
      value: !this.eventTypes || (type !== undefined && this.eventTypes.has(type)) ? record.value : null,
    };
  }

  private async handleWithRetry(record: DeliveredRecord): Promise<void> {
    await retry(
      async () => {
        if (this.abandoning) throw new Abandoned();
        await this.options.handler(record);
      },
      {
        maxAttempts: Infinity,
        baseDelayMs: 100,
        maxDelayMs: MAX_RETRY_DELAY_MS,
        shouldRetry: (error) => !(error instanceof Abandoned),
        onRetry: (error, attempt) =>
          this.options.logger.warn({ err: error, group: this.groupId, topic: this.topic, offset: record.offset, attempt }, "handler failed; retrying"),
      },
    );
  }

  private waitForWake(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  private async fetch(): Promise<MessageRow[]> {
    if (this.eventTypes) {
      // Records of other types come back without their value and are skipped, so the
      // position still advances past them and no fetch rescans them.
      return this.options.db.$queryRawUnsafe<MessageRow[]>(
        `SELECT seq, partition, key, headers, CASE WHEN headers->>'event-type' = ANY($4::text[]) THEN value END AS value
         FROM "bus"."messages" WHERE topic = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
        this.topic,
        this.fetchedUpTo,
        this.options.batchSize,
        [...this.eventTypes],
      );
    }
    return this.options.db.$queryRawUnsafe<MessageRow[]>(
      `SELECT seq, partition, key, headers, value FROM "bus"."messages" WHERE topic = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      this.topic,
      this.fetchedUpTo,
      this.options.batchSize,
    );
  }

  private async loadCommitted(): Promise<{ committedSeq: bigint; handledAbove: bigint[] }> {
    const rows = await this.options.db.$queryRawUnsafe<{ committed_seq: bigint | string; handled_above: (bigint | string)[] }[]>(
      `SELECT committed_seq, handled_above FROM "bus"."consumer_offsets" WHERE group_id = $1 AND topic = $2`,
      this.groupId,
      this.topic,
    );
    const row = rows[0];
    if (!row) return { committedSeq: 0n, handledAbove: [] };
    return { committedSeq: BigInt(row.committed_seq), handledAbove: (row.handled_above ?? []).map((seq) => BigInt(seq)) };
  }

  private scheduleCommit(): void {
    this.dirty = true;
    if (!this.stopping) this.commitSchedule.handled();
  }

  private async commit(): Promise<void> {
    if (!this.dirty || !this.dispatcher) return;
    this.dirty = false;
    const watermark = this.dispatcher.watermark;
    const handledAbove = this.dispatcher.handledAboveWatermark();
    await this.options.db.$executeRawUnsafe(
      `INSERT INTO "bus"."consumer_offsets" (group_id, topic, committed_seq, handled_above, updated_at) VALUES ($1, $2, $3, $4::bigint[], now())
       ON CONFLICT (group_id, topic) DO UPDATE SET committed_seq = EXCLUDED.committed_seq, handled_above = EXCLUDED.handled_above, updated_at = now()`,
      this.groupId,
      this.topic,
      watermark,
      handledAbove.map(String),
    );
    this.committed = watermark;
  }
}

function toRecord(topic: string, row: MessageRow): DeliveredRecord {
  return {
    topic,
    key: row.key,
    value: row.value ?? new Uint8Array(),
    headers: typeof row.headers === "string" ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
    partition: row.partition,
    offset: String(row.seq),
  };
}
