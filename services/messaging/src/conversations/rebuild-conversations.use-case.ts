// Rebuilds the inbox projection from the event log (the embedded log's bus.messages, or the Kafka
// topics through openKafkaLogReader): the projection's rows and this consumer's marks are dropped,
// then every telephony and messaging event is applied again, a batch per transaction, with the same
// code as the live consumer. The change counters are kept, so an open stream only ever moves on.
import { decodeEnvelope, HEADERS, UnknownEventError, type EventEnvelope } from "@rebound/contracts";
import type { LogReader } from "@rebound/platform";
import { CONVERSATION_EVENT_TYPES, isConversationEvent } from "../domain/conversation-thread";
import type { MessagingDeps } from "../messaging-deps";
import { applyConversationEvents } from "./project-conversation-event.use-case";

const PROJECTED: ReadonlySet<string> = new Set(CONVERSATION_EVENT_TYPES);

export interface RebuildResult {
  events: number;
  seconds: number;
}

export async function rebuildConversations(
  deps: Pick<MessagingDeps, "db" | "conversations">,
  log: LogReader,
  consumer: string,
  options: { batchSize?: number } = {},
): Promise<RebuildResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1_000;
  await deps.db.sqlTransaction((tx) => deps.conversations.clear(tx, consumer));
  let events = 0;
  try {
    for (;;) {
      const records = await log.next(batchSize);
      if (records.length === 0) break;
      const envelopes = records.flatMap((record): EventEnvelope[] => {
        if (!PROJECTED.has(record.headers[HEADERS.eventType] ?? "")) return [];
        try {
          return [decodeEnvelope(record.key, record.value, record.headers)];
        } catch (error) {
          if (error instanceof UnknownEventError) return [];
          throw error;
        }
      });
      const projected = envelopes.filter(isConversationEvent);
      if (projected.length === 0) continue;
      await deps.db.sqlTransaction((tx) => applyConversationEvents(deps, tx, consumer, projected));
      events += projected.length;
    }
  } finally {
    await log.close();
  }
  return { events, seconds: (performance.now() - started) / 1000 };
}
