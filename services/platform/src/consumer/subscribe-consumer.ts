import {
  DEAD_LETTER_TOPIC,
  decodeEnvelope,
  HEADERS,
  isEventType,
  formerTopicOf,
  topicOf,
  UnknownEventError,
  type AnyEventEnvelope,
  type EventType,
} from "@rebound/contracts";
import { context, propagation, ROOT_CONTEXT, trace } from "@opentelemetry/api";
import type { DeliveredRecord, EventBus, Subscription } from "../bus/event-bus";
import { isConnectionError } from "../db/connection-errors";
import { busEventLag, busHandlerDuration, deadLetters } from "../http/metrics";
import type { Logger } from "../logging/logger";
import { retry } from "../retry/retry";
import type { ConsumerDefinition, EventHandler } from "./event-handlers";

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 8, baseDelayMs: 50, maxDelayMs: 10_000 };

const tracer = trace.getTracer("rebound.bus");

/**
 * Subscribes a consumer definition: decodes each record, calls the handler for its
 * event type with retries and exponential backoff, and after the last attempt puts
 * the record on the dead-letter topic (with the failure in its headers) so the
 * partition moves on and nothing is dropped silently. A failure because the database is
 * unreachable is not the record's fault: it is thrown to the bus, which retries the record
 * in place until the database is back (both buses retry a throwing handler without limit).
 */
export async function subscribeConsumer(
  bus: EventBus,
  definition: ConsumerDefinition,
  logger: Logger,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<Subscription> {
  const types = Object.keys(definition.handlers).filter(isEventType);
  const topics = [...new Set(types.map(topicOf))];
  const formerTopics = [...new Set(types.flatMap((type) => formerTopicOf(type) ?? []))].filter((topic) => !topics.includes(topic));
  return bus.subscribe({
    groupId: definition.group,
    topics,
    formerTopics,
    eventTypes: types,
    concurrency: definition.concurrency,
    unordered: definition.unordered,
    latencySensitive: definition.latencySensitive,
    handler: (record) => handleRecord(bus, definition, record, logger, policy),
  });
}

async function handleRecord(bus: EventBus, definition: ConsumerDefinition, record: DeliveredRecord, logger: Logger, policy: RetryPolicy): Promise<void> {
  const type = record.headers[HEADERS.eventType] ?? "";
  if (!isEventType(type) || !definition.handlers[type]) return;
  let envelope: AnyEventEnvelope;
  try {
    envelope = decodeEnvelope(record.key, record.value, record.headers);
  } catch (error) {
    if (error instanceof UnknownEventError) return;
    await deadLetter(bus, definition.group, record, error, logger);
    return;
  }
  busEventLag.observe({ group: definition.group }, Math.max(0, Date.now() - envelope.occurredAt.getTime()) / 1000);
  const handler = definition.handlers[type] as EventHandler<EventType>;
  const parent = propagation.extract(ROOT_CONTEXT, record.headers);
  try {
    await retry(
      async () => {
        const stopTimer = busHandlerDuration.startTimer({ group: definition.group, type });
        try {
          await context.with(parent, () =>
            tracer.startActiveSpan(`${definition.group} ${type}`, async (span) => {
              try {
                await handler(envelope);
              } finally {
                span.end();
              }
            }),
          );
          stopTimer({ outcome: "ok" });
        } catch (error) {
          stopTimer({ outcome: "error" });
          throw error;
        }
      },
      {
        ...policy,
        onRetry: (error, attempt) =>
          logger.warn({ err: error, group: definition.group, type, eventId: envelope.id, attempt }, "event handler failed; retrying"),
      },
    );
  } catch (error) {
    // The database (or another backing service) is unreachable: the record is fine, so it is not
    // dead-lettered; the bus retries it in place, with its own backoff, until the outage ends.
    if (isConnectionError(error)) throw error;
    await deadLetter(bus, definition.group, record, error, logger);
  }
}

async function deadLetter(bus: EventBus, group: string, record: DeliveredRecord, error: unknown, logger: Logger) {
  logger.error({ err: error, group, topic: record.topic, offset: record.offset }, "event sent to the dead-letter topic");
  deadLetters.inc({ group, topic: record.topic });
  await bus.publish([
    {
      topic: DEAD_LETTER_TOPIC,
      key: record.key,
      value: record.value,
      headers: {
        ...record.headers,
        "dlq-original-topic": record.topic,
        "dlq-original-offset": record.offset,
        "dlq-consumer-group": group,
        "dlq-error": String(error instanceof Error ? error.message : error).slice(0, 500),
      },
    },
  ]);
}
