import { Kafka, type Admin, type Consumer } from "kafkajs";
import type { DeliveredRecord, LogReader } from "../event-bus";
import { fixKafkajsTimers } from "./kafkajs-timer-fixes";
import { kafkaLogLevel, toKafkaLogCreator, type BusLogger } from "./kafka-logger";
import { toDeliveredRecord } from "./kafka-records";
import { DEFAULT_CONSUMER_TIMINGS, type KafkaConsumerTimings } from "./kafka-subscription";

export interface KafkaLogReaderOptions {
  brokers: string[];
  clientId: string;
  topics: readonly string[];
  logger?: BusLogger;
  timings?: Partial<KafkaConsumerTimings>;
  /** Records held ahead of `next()` before fetching pauses (default 10,000). */
  maxBuffered?: number;
}

/** Reads topics from their first retained record up to their end when it was opened (partitions interleaved). */
export type KafkaLogReader = LogReader;

type PartitionKey = `${string}/${number}`;

/**
 * A replay of the log (analytics:rebuild with Kafka): a consumer in a group of its own, which
 * commits nothing and is deleted at close, reads every partition from the beginning up to the end
 * offsets fetched when it opened (later records are the live consumer's). Fetching pauses while
 * `maxBuffered` records wait for `next()`. A record seen twice (a rebalance restarts from the
 * beginning: nothing is committed) is handed over once.
 */
export async function openKafkaLogReader(options: KafkaLogReaderOptions): Promise<KafkaLogReader> {
  fixKafkajsTimers();
  const kafka = new Kafka({
    brokers: options.brokers,
    clientId: options.clientId,
    logLevel: kafkaLogLevel(options.logger),
    logCreator: toKafkaLogCreator(options.logger),
  });
  const admin = kafka.admin();
  await admin.connect();
  /** Next offset to hand over, and the end (exclusive), of each partition that has records to read. */
  const pending = new Map<PartitionKey, { next: bigint; end: bigint }>();
  const existing = new Set(await admin.listTopics());
  for (const topic of options.topics) {
    if (!existing.has(topic)) continue; // never written to: nothing to replay
    for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
      if (BigInt(high) > BigInt(low)) pending.set(`${topic}/${partition}`, { next: BigInt(low), end: BigInt(high) });
    }
  }
  const groupId = `${options.clientId}.replay-${Date.now().toString(36)}-${process.pid}`;
  const reader = new Reader(admin, groupId, pending, options.maxBuffered ?? 10_000);
  if (pending.size > 0)
    await reader.start(
      kafka,
      options.topics.filter((topic) => existing.has(topic)),
      { ...DEFAULT_CONSUMER_TIMINGS, ...options.timings },
    );
  return reader;
}

class Reader implements KafkaLogReader {
  private readonly buffer: DeliveredRecord[] = [];
  private consumer?: Consumer;
  private failure?: Error;
  private wakeReader?: () => void;
  private wakeFetcher?: () => void;

  constructor(
    private readonly admin: Admin,
    private readonly groupId: string,
    private readonly pending: Map<PartitionKey, { next: bigint; end: bigint }>,
    private readonly maxBuffered: number,
  ) {}

  async start(kafka: Kafka, topics: string[], timings: KafkaConsumerTimings): Promise<void> {
    const consumer = kafka.consumer({ groupId: this.groupId, ...timings });
    this.consumer = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) this.fail(payload.error);
    });
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatch: async ({ batch, heartbeat, isRunning, isStale }) => {
        const key: PartitionKey = `${batch.topic}/${batch.partition}`;
        const partition = this.pending.get(key);
        if (!partition) return;
        for (const message of batch.messages) {
          const offset = BigInt(message.offset);
          if (offset < partition.next || offset >= partition.end) continue;
          this.buffer.push(toDeliveredRecord(batch.topic, batch.partition, message));
          partition.next = offset + 1n;
        }
        if (partition.next >= partition.end) this.pending.delete(key);
        this.wakeReader?.();
        while (this.buffer.length >= this.maxBuffered && isRunning() && !isStale()) {
          await new Promise<void>((resolve) => {
            this.wakeFetcher = resolve;
            setTimeout(resolve, 1_000);
          });
          await heartbeat();
        }
      },
    });
  }

  async next(limit: number): Promise<DeliveredRecord[]> {
    for (;;) {
      if (this.failure) throw this.failure;
      if (this.buffer.length >= limit || this.pending.size === 0) {
        const batch = this.buffer.splice(0, limit);
        this.wakeFetcher?.();
        return batch;
      }
      await new Promise<void>((resolve) => {
        this.wakeReader = resolve;
        setTimeout(resolve, 500);
      });
    }
  }

  async close(): Promise<void> {
    await this.consumer?.disconnect().catch(() => undefined);
    // The group committed nothing; brokers that keep empty groups get it removed (best effort).
    if (this.consumer) await this.admin.deleteGroups([this.groupId]).catch(() => undefined);
    await this.admin.disconnect();
  }

  private fail(error: Error): void {
    this.failure = error;
    this.wakeReader?.();
  }
}
