import { uuidv7 } from "uuidv7";
import type { BusRecord, DeliveredRecord, EventBus, SubscribeOptions, Subscription } from "@rebound/platform";

/** What an adapter's test file hands the contract suite. */
export interface EventBusContractContext {
  bus: EventBus;
  /** Another instance on the same log, as a second process would have. Closed by cleanup(). */
  newBus(): Promise<EventBus>;
  /** A fresh topic (at least 3 partitions where partitions exist) for each call. */
  topic(): string;
  cleanup(): Promise<void>;
}

/** A record whose identity is its event-id header and whose value is arbitrary binary (zero bytes included). */
export function contractRecord(topic: string, key: string, seq: number, extraHeaders: Record<string, string> = {}): BusRecord {
  return {
    topic,
    key,
    value: Uint8Array.from([0x00, 0xff, seq & 0xff, (seq >> 8) & 0xff, 0x80, 0x0a]),
    headers: {
      "event-type": "rebound.contract.v1.Probe",
      "event-id": uuidv7(),
      "occurred-at": new Date().toISOString(),
      traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      seq: String(seq),
      ...extraHeaders,
    },
  };
}

export const eventId = (record: BusRecord): string => record.headers["event-id"] ?? "";
export const seqOf = (record: BusRecord): number => Number(record.headers.seq);
export const hex = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");

/** Polls until the predicate holds; fails with a readable message otherwise. */
export async function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Handled records in handling order, for one subscription. */
export class Collector {
  readonly records: DeliveredRecord[] = [];
  ids(): Set<string> {
    return new Set(this.records.map(eventId));
  }
  count(id: string): number {
    return this.records.filter((record) => eventId(record) === id).length;
  }
  has(records: BusRecord[]): boolean {
    const ids = this.ids();
    return records.every((record) => ids.has(eventId(record)));
  }
}

/** Subscriptions opened by a test, stopped after it whatever happened. */
export class SubscriptionTracker {
  private readonly open: Subscription[] = [];

  async subscribe(bus: EventBus, options: SubscribeOptions): Promise<Subscription> {
    const subscription = await bus.subscribe(options);
    this.open.push(subscription);
    return subscription;
  }

  async stopAll(): Promise<void> {
    await Promise.allSettled(this.open.splice(0).map((subscription) => subscription.stop()));
  }
}

let groupCounter = 0;
export const uniqueGroup = (label: string): string => `contract-${label}-${process.pid}-${Date.now().toString(36)}-${groupCounter++}`;
