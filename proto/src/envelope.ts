import { decodeEvent, isEventType, type EventPayload, type EventType } from "./registry";

/** Bus header names, shared by every adapter. */
export const HEADERS = {
  eventType: "event-type",
  eventId: "event-id",
  occurredAt: "occurred-at",
  traceparent: "traceparent",
} as const;

/** A decoded event with its metadata. */
export interface EventEnvelope<T extends EventType = EventType> {
  /** UUIDv7. */
  id: string;
  type: T;
  /** Partition key: the business id (the user id before a business exists). */
  key: string;
  occurredAt: Date;
  traceparent?: string;
  payload: EventPayload<T>;
}

/** The union of every envelope, for exhaustive switches on `type`. */
export type AnyEventEnvelope = { [T in EventType]: EventEnvelope<T> }[EventType];

export function envelopeHeaders(envelope: Omit<EventEnvelope, "payload">): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.eventType]: envelope.type,
    [HEADERS.eventId]: envelope.id,
    [HEADERS.occurredAt]: envelope.occurredAt.toISOString(),
  };
  if (envelope.traceparent) headers[HEADERS.traceparent] = envelope.traceparent;
  return headers;
}

export class UnknownEventError extends Error {}

/** Decodes a bus record; throws UnknownEventError for a type this build does not know. */
export function decodeEnvelope(key: string, value: Uint8Array, headers: Record<string, string>): AnyEventEnvelope {
  const type = headers[HEADERS.eventType] ?? "";
  const id = headers[HEADERS.eventId];
  if (!isEventType(type) || !id) throw new UnknownEventError(`unknown event type '${type}'`);
  return {
    id,
    type,
    key,
    occurredAt: new Date(headers[HEADERS.occurredAt] ?? Date.now()),
    traceparent: headers[HEADERS.traceparent],
    payload: decodeEvent(type, value),
  } as AnyEventEnvelope;
}
