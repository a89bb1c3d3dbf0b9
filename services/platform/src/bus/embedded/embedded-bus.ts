import type { Logger } from "../../logging/logger";
import { quoteIdent, valuesPlaceholders, type SqlExecutor } from "../../db/sql-executor";
import type { BusRecord, EventBus, SubscribeOptions, Subscription } from "../event-bus";
import { EmbeddedTopicConsumer } from "./embedded-topic-consumer";
import { partitionOf } from "./partition";

export interface EmbeddedBusDb extends SqlExecutor {
  $transaction<R>(fn: (tx: SqlExecutor) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

export interface EmbeddedBusOptions {
  logger: Logger;
  /** Serialise appends per topic so sequence order is commit order (needed with concurrent writers on PostgreSQL). */
  serializeAppends: boolean;
  /** Fallback poll when no in-process wake-up arrives (another process wrote). */
  pollIntervalMs?: number;
  batchSize?: number;
}

const MESSAGES = `${quoteIdent("bus")}."messages"`;
const EVENT_TYPE_HEADER = "event-type";

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

  constructor(
    private readonly db: EmbeddedBusDb,
    private readonly options: EmbeddedBusOptions,
  ) {}

  async publish(records: BusRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.db.$transaction((tx) => this.appendInTransaction(tx, records), { maxWait: 30_000, timeout: 30_000 });
    this.notifyCommitted(records);
  }

  /** Appends in the caller's transaction; call notifyCommitted after it commits. */
  async appendInTransaction(tx: SqlExecutor, records: BusRecord[]): Promise<void> {
    if (records.length === 0) return;
    if (this.options.serializeAppends) {
      for (const topic of [...new Set(records.map((record) => record.topic))].sort()) {
        await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext($1))", `bus:${topic}`);
      }
    }
    const values = records.flatMap((record) => [
      record.topic,
      partitionOf(record.key),
      record.key,
      JSON.stringify(record.headers),
      record.value,
    ]);
    await tx.$executeRawUnsafe(
      `INSERT INTO ${MESSAGES} (topic, partition, key, headers, value) VALUES ${valuesPlaceholders(records.length, 5, ["", "", "", "::jsonb", ""])}`,
      ...values,
    );
  }

  /** Wakes the consumers in this process that want any of the committed records. */
  notifyCommitted(records: Iterable<Pick<BusRecord, "topic" | "headers">>): void {
    const list = [...records];
    for (const consumer of this.consumers) {
      if (list.some((record) => consumer.wants(record.topic, record.headers[EVENT_TYPE_HEADER]))) consumer.wake();
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error("bus is closed");
    const started = options.topics.map((topic) => {
      const consumer = new EmbeddedTopicConsumer({
        db: this.db,
        groupId: options.groupId,
        topic,
        handler: options.handler,
        concurrency: options.concurrency ?? 16,
        eventTypes: options.eventTypes,
        logger: this.options.logger,
        pollIntervalMs: this.options.pollIntervalMs ?? 500,
        batchSize: this.options.batchSize ?? 256,
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
