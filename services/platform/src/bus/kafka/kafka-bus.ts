import { Kafka, Partitioners, type Producer, type RetryOptions } from "kafkajs";
import type { BusRecord, EventBus, SubscribeOptions, Subscription } from "../event-bus";
import { fixKafkajsTimers } from "./kafkajs-timer-fixes";
import { kafkaLogLevel, toKafkaLogCreator, type BusLogger } from "./kafka-logger";
import { toTopicMessages } from "./kafka-records";
import {
  DEFAULT_CONSUMER_TIMINGS,
  DEFAULT_HANDLER_RETRY,
  startKafkaSubscription,
  type HandlerRetryPolicy,
  type KafkaConsumerTimings,
} from "./kafka-subscription";

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** kafkajs's own logs go here (INFO as debug); without a logger they are dropped. */
  logger?: BusLogger;
  consumerTimings?: Partial<KafkaConsumerTimings>;
  handlerRetry?: Partial<HandlerRetryPolicy>;
  /** Partitions handled at once per subscription when SubscribeOptions.concurrency is unset. */
  defaultConcurrency?: number;
  /** How long isReady() waits for the producer to connect. */
  readyTimeoutMs?: number;
  /** kafkajs connection timeout per broker. */
  connectionTimeoutMs?: number;
  /** kafkajs client retry policy (connects, produce, metadata, commits); kafkajs defaults when unset. */
  retry?: RetryOptions;
  /** Consumers also read SubscribeOptions.formerTopics (KAFKA_READ_FORMER_TOPICS: during a rollout across a topic move). */
  readFormerTopics?: boolean;
}

/** The topics a Kafka consumer reads: a subscription's own, and its former ones only while a rollout asks for them. */
export function subscribedTopics(options: Pick<SubscribeOptions, "topics" | "formerTopics">, readFormerTopics: boolean): string[] {
  return readFormerTopics ? [...new Set([...options.topics, ...(options.formerTopics ?? [])])] : options.topics;
}

export function createKafkaBus(options: KafkaBusOptions): EventBus {
  return new KafkaBus(options);
}

class KafkaBus implements EventBus {
  readonly kind = "kafka" as const;
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly subscriptions = new Set<Subscription>();
  private producerConnecting?: Promise<void>;
  private closing?: Promise<void>;

  constructor(private readonly options: KafkaBusOptions) {
    fixKafkajsTimers();
    this.kafka = new Kafka({
      brokers: options.brokers,
      clientId: options.clientId,
      connectionTimeout: options.connectionTimeoutMs ?? 3_000,
      retry: options.retry,
      logLevel: kafkaLogLevel(options.logger),
      logCreator: toKafkaLogCreator(options.logger),
    });
    // Not idempotent: kafkajs marks it experimental and it needs the cluster controller for
    // InitProducerId; retries may duplicate a record, which idempotent consumers absorb.
    this.producer = this.kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, idempotent: false });
  }

  async publish(records: BusRecord[]): Promise<void> {
    if (records.length === 0) return;
    if (this.closing) throw new Error("kafka bus is closed");
    await this.connectProducer();
    await this.producer.sendBatch({ acks: -1, topicMessages: toTopicMessages(records) });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closing) throw new Error("kafka bus is closed");
    const topics = subscribedTopics(options, this.options.readFormerTopics ?? false);
    const inner = await startKafkaSubscription(
      this.kafka,
      { ...options, topics },
      {
        timings: { ...DEFAULT_CONSUMER_TIMINGS, ...this.options.consumerTimings },
        handlerRetry: { ...DEFAULT_HANDLER_RETRY, ...this.options.handlerRetry },
        concurrency: options.concurrency ?? this.options.defaultConcurrency ?? 8,
        logger: this.options.logger,
      },
    );
    if (this.closing) {
      // close() ran while this consumer was joining and could not see it.
      await inner.stop();
      throw new Error("kafka bus is closed");
    }
    const subscription: Subscription = {
      stop: async () => {
        try {
          await inner.stop();
        } finally {
          this.subscriptions.delete(subscription);
        }
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async isReady(): Promise<boolean> {
    if (this.closing) return false;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.options.readyTimeoutMs ?? 2_000);
    });
    const connected = this.connectProducer().then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([connected, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return (this.closing ??= this.closeAll());
  }

  private async closeAll(): Promise<void> {
    const results = await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.stop()));
    const connecting = this.producerConnecting;
    if (connecting) {
      await this.producer.disconnect();
      // kafkajs cannot abort a connect still retrying against an unreachable cluster: if it succeeds after close, disconnect again.
      connecting
        .then(
          () => this.producer.disconnect(),
          () => undefined,
        )
        .catch(() => undefined);
    }
    const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failed) throw failed.reason;
  }

  /** Connects once, on first use; a failed attempt is forgotten so the next call tries again. */
  private connectProducer(): Promise<void> {
    this.producerConnecting ??= this.producer.connect().catch((error: unknown) => {
      this.producerConnecting = undefined;
      throw error;
    });
    return this.producerConnecting;
  }
}
