/** One message on the bus. `value` is the protobuf encoding of the event. */
export interface BusRecord {
  topic: string;
  /** Partitioning key: records with the same key are delivered in order. */
  key: string;
  value: Uint8Array;
  headers: Record<string, string>;
}

export interface DeliveredRecord extends BusRecord {
  partition: number;
  /** Position in the partition (embedded: global sequence number), as a decimal string. */
  offset: string;
}

export type RecordHandler = (record: DeliveredRecord) => Promise<void>;

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  /**
   * Topics the handled types were published on before they moved (proto's FORMER_TOPICS). The embedded
   * log reads them too (records left there stay in bus.messages); Kafka only with `readFormerTopics`,
   * during a rollout from a release before the move: each topic read is partitions in every fetch.
   */
  formerTopics?: string[];
  /** Called once per record; records of one key never run concurrently and arrive in order. */
  handler: RecordHandler;
  /** Maximum records of different keys handled at once. */
  concurrency?: number;
  /**
   * The handler tolerates one key's records in any order and at once (idempotent, order-independent
   * projections): an adapter may run them concurrently, up to `concurrency`. Kafka still hands a
   * partition's records over in order.
   */
  unordered?: boolean;
  /**
   * A caller waits on this consumer (the missed call's text): an adapter must not add latency to
   * save idle work. Other consumers may poll an idle broker less often (BACKGROUND_MIN_FETCH_WAIT_MS).
   */
  latencySensitive?: boolean;
  /**
   * The event types the handler acts on (`event-type` header). An adapter may skip
   * other records (the embedded log neither fetches nor wakes for them); the handler
   * must still ignore types it does not know, as Kafka delivers everything.
   */
  eventTypes?: string[];
}

export interface Subscription {
  /** Stops fetching, waits for in-flight handlers, commits offsets. */
  stop(): Promise<void>;
}

/** A replay of the log from its first record (openKafkaLogReader, openEmbeddedLogReader). */
export interface LogReader {
  /** Up to `limit` records (each partition in order); [] once everything is read. */
  next(limit: number): Promise<DeliveredRecord[]>;
  close(): Promise<void>;
}

export interface EventBus {
  readonly kind: "embedded" | "kafka";
  publish(records: BusRecord[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** For /readyz. */
  isReady(): Promise<boolean>;
  /** Stops every subscription (committing offsets) and disconnects. */
  close(): Promise<void>;
}
