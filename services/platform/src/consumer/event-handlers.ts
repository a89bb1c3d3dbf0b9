import type { EventEnvelope, EventType } from "@rebound/contracts";

export type EventHandler<T extends EventType> = (event: EventEnvelope<T>) => Promise<void>;

export type EventHandlerMap = { [T in EventType]?: EventHandler<T> };

/** A consumer group of a service: the events it handles, one handler each. */
export interface ConsumerDefinition {
  /** Consumer group id, unique across the system, e.g. `messaging.dispatch`. */
  group: string;
  handlers: EventHandlerMap;
  /** Keys handled at once (records of one key are sequential unless `unordered`). */
  concurrency?: number;
  /** Its handlers give the same result whatever the order of one key's events (see SubscribeOptions.unordered). */
  unordered?: boolean;
  /** A caller waits on it (see SubscribeOptions.latencySensitive). */
  latencySensitive?: boolean;
}
