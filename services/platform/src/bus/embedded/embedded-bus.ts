import type { Logger } from "../../logging/logger";
import { quoteIdent, selectRows, type RowGate, type SqlExecutor, type SqlStatement } from "../../db/sql-executor";
import type { BusRecord, EventBus, SubscribeOptions, Subscription } from "../event-bus";
import { CommitHandoff, type CommittedChunk, type SequencedRecord } from "./commit-handoff";
import { EmbeddedTopicConsumer } from "./embedded-topic-consumer";
import { partitionOf } from "./partition";

export interface EmbeddedBusDb extends SqlExecutor {
  $transaction<R>(fn: (tx: SqlExecutor) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

export interface EmbeddedBusOptions {
  logger: Logger;
  /** Serialise appends per topic so sequence order is commit order (needed with concurrent writers on PostgreSQL). */
  serializeAppends: boolean;
  /**
   * Hand this process's commits to its consumers without a fetch (see CommitHandoff).
   * Only where this process is the log's only writer and transactions run one at a
   * time: PGlite. Takes effect at start().
   */
  handOffInProcess?: boolean;
  /** Fallback poll when no in-process wake-up arrives (another process wrote). */
  pollIntervalMs?: number;
  batchSize?: number;
}

const MESSAGES = `${quoteIdent("bus")}."messages"`;
const EVENT_TYPE_HEADER = "event-type";

/** A committed record; `seq` when known lets consumers in this process take it without a fetch. */
export type CommittedRecord = BusRecord & { seq?: bigint };

/**
 * A durable log in the database: `bus.messages` holds every record, consumer groups
 * keep committed offsets in `bus.consumer_offsets`. Producers in the same database
 * append inside their own transaction (see Outbox), and consumers in this process
 * are woken at once after the commit instead of polling.
 */
export class EmbeddedBus implements EventBus {
  readonly kind = "embedded" as const;
  private readonly consumers = new Set<EmbeddedTopicConsumer>();
  /** One active consumer per group and topic in this process; later ones wait as standby. */
  private readonly active = new Map<string, EmbeddedTopicConsumer>();
  private closed = false;
  private handoff?: CommitHandoff;

  constructor(
    private readonly db: EmbeddedBusDb,
    private readonly options: EmbeddedBusOptions,
  ) {}

  /** Reads where the log stands, for the in-process handoff; call before any append. */
  async start(): Promise<void> {
    if (!this.options.handOffInProcess || this.handoff) return;
    const rows = await this.db.$queryRawUnsafe<{ seq: bigint | number | string }[]>(`SELECT COALESCE(max(seq), 0) AS seq FROM ${MESSAGES}`);
    this.handoff = new CommitHandoff(BigInt(rows[0]?.seq ?? 0));
  }

  async publish(records: BusRecord[]): Promise<void> {
    if (records.length === 0) return;
    let seqs: bigint[] = [];
    try {
      await this.db.$transaction(async (tx) => (seqs = await this.appendInTransaction(tx, records)), { maxWait: 30_000, timeout: 30_000 });
    } catch (error) {
      this.rolledBack(seqs);
      throw error;
    }
    this.notifyCommitted(records.map((record, index) => ({ ...record, seq: seqs[index] })));
  }

  /**
   * Appends in the caller's transaction and returns the records' sequence numbers; call
   * notifyCommitted after it commits. `before` (the outbox's own insert) runs in the same
   * statement, as a CTE: one round trip to the database instead of two. `last`: the append is the
   * transaction's last statement (its COMMIT may go out with it).
   */
  async appendInTransaction(tx: SqlExecutor, records: BusRecord[], before?: SqlStatement, options: { last?: boolean } = {}): Promise<bigint[]> {
    if (records.length === 0) return [];
    await this.lockTopics(tx, records);
    const offset = before?.values.length ?? 0;
    const append = this.appendStatement(records, offset);
    const prefix = before ? `WITH before_append AS (${before.sql}) ` : "";
    if (options.last) tx.commitWithNextStatement?.();
    const inserted = await tx.$queryRawUnsafe<{ seq: bigint | number | string }[]>(`${prefix}${append.sql}`, ...(before?.values ?? []), ...append.values);
    return this.appended(inserted.map((row) => row.seq));
  }

  /** Appends take a lock per topic (PostgreSQL): taken last in a transaction, after its row locks. */
  get serializesAppends(): boolean {
    return this.options.serializeAppends;
  }

  /** With `serializeAppends`, takes each topic's append lock in the caller's transaction (before an append). */
  async lockTopics(tx: SqlExecutor, records: BusRecord[]): Promise<void> {
    if (!this.options.serializeAppends) return;
    for (const topic of [...new Set(records.map((record) => record.topic))].sort()) {
      await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext($1))", `bus:${topic}`);
    }
  }

  /**
   * The append as a statement whose parameters start after `offset` others, for a caller that folds it into its
   * own (after `lockTopics`); `gate` gates some of the records. It returns the appended records' `seq`: pass
   * them to `appended`.
   */
  appendStatement(records: BusRecord[], offset = 0, gate?: RowGate): SqlStatement {
    const rows = selectRows(
      records.map((record) => [record.topic, partitionOf(record.key), record.key, JSON.stringify(record.headers), record.value]),
      ["text", "int", "text", "jsonb", "bytea"],
      ["topic", "partition", "key", "headers", "value"],
      offset,
      gate,
    );
    return { sql: `INSERT INTO ${MESSAGES} (topic, partition, key, headers, value) ${rows.sql} RETURNING seq`, values: rows.values };
  }

  /** The sequence numbers an append returned, in record order (tells the in-process handoff they are in flight). */
  appended(returned: (bigint | number | string)[]): bigint[] {
    // Rows from unnest take their sequence numbers in array order: sorted, they line up with the records.
    const seqs = returned.map((seq) => BigInt(seq)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.handoff?.appended(seqs);
    return seqs;
  }

  /**
   * Hands committed records to the consumers in this process (each takes those of its
   * topic, in order, without a fetch when they follow what it has read) and wakes those
   * that want any of them.
   */
  notifyCommitted(records: CommittedRecord[]): void {
    if (this.handoff) {
      const sequenced = records.filter((record): record is SequencedRecord => record.seq !== undefined);
      this.handOver(this.handoff.committed(sequenced));
    }
    for (const consumer of this.consumers) {
      if (records.some((record) => consumer.wants(record.topic, record.headers[EVENT_TYPE_HEADER]))) consumer.wake();
    }
  }

  /** The transaction that appended these rolled back: their numbers will never be committed. */
  rolledBack(seqs: bigint[]): void {
    if (this.handoff && seqs.length > 0) this.handOver(this.handoff.rolledBack(seqs));
  }

  private handOver(chunks: CommittedChunk[]): void {
    for (const chunk of chunks) for (const consumer of this.consumers) consumer.offer(chunk);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error("bus is closed");
    const started = [...options.topics, ...(options.formerTopics ?? [])].map((topic) => {
      const consumer = new EmbeddedTopicConsumer({
        db: this.db,
        groupId: options.groupId,
        topic,
        handler: options.handler,
        concurrency: options.concurrency ?? 16,
        unordered: options.unordered ?? false,
        eventTypes: options.eventTypes,
        logger: this.options.logger,
        // With the handoff, polling is only a safety net.
        pollIntervalMs: this.options.pollIntervalMs ?? (this.handoff ? 5_000 : 500),
        batchSize: this.options.batchSize ?? 256,
        handedOverThrough: () => this.handoff?.through,
      });
      this.consumers.add(consumer);
      this.activate(consumer);
      return consumer;
    });
    return {
      stop: async () => {
        await Promise.all(started.map((consumer) => this.stopConsumer(consumer)));
      },
    };
  }

  async isReady(): Promise<boolean> {
    await this.db.$queryRawUnsafe("SELECT 1");
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.consumers].map((consumer) => this.stopConsumer(consumer)));
  }

  private activate(consumer: EmbeddedTopicConsumer): void {
    const slot = `${consumer.groupId}\u0000${consumer.topic}`;
    if (this.active.has(slot)) return;
    this.active.set(slot, consumer);
    consumer.start();
  }

  private async stopConsumer(consumer: EmbeddedTopicConsumer): Promise<void> {
    if (!this.consumers.delete(consumer)) return;
    await consumer.stop();
    const slot = `${consumer.groupId}\u0000${consumer.topic}`;
    if (this.active.get(slot) !== consumer) return;
    this.active.delete(slot);
    const standby = [...this.consumers].find((other) => other.groupId === consumer.groupId && other.topic === consumer.topic);
    if (standby && !this.closed) this.activate(standby);
  }
}
