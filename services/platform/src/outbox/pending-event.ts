import { encodeEvent, envelopeHeaders, topicOf, type EventPayload, type EventPayloadInit, type EventType } from "@rebound/contracts";
import { context, propagation } from "@opentelemetry/api";
import { uuidv7 } from "uuidv7";
import type { BusRecord } from "../bus/event-bus";

/** An event appended in a transaction, encoded and ready for the log and the bus. */
export interface PendingEvent {
  id: string;
  type: EventType;
  topic: string;
  key: string;
  payload: Uint8Array;
  occurredAt: Date;
  traceparent?: string;
  /** The embedded bus's sequence number, once appended in the transaction (lets it hand the record to local consumers). */
  busSeq?: bigint;
  /** Already in the event log: written by the statement that made the change it describes (`SqlTx.changeWithEvents`). */
  recorded?: boolean;
}

export function createPendingEvent<T extends EventType>(type: T, key: string, payload: EventPayload<T> | EventPayloadInit<T>, occurredAt: Date): PendingEvent {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return {
    id: uuidv7(),
    type,
    topic: topicOf(type),
    key,
    payload: encodeEvent(type, payload),
    occurredAt,
    traceparent: carrier.traceparent,
  };
}

export function toBusRecord(event: PendingEvent): BusRecord {
  return { topic: event.topic, key: event.key, value: event.payload, headers: envelopeHeaders(event) };
}
