import { createPayload, timestampFromDate, type EventEnvelope } from "@rebound/contracts";
import type { MessagingDeps } from "../messaging-deps";
import { findOwnedConversation } from "./get-conversation.use-case";
import { CONVERSATIONS_GROUP } from "./on-conversation-events.handler";
import { applyConversationEvents } from "./project-conversation-event.use-case";

/** The owner read the thread up to its newest item: ConversationRead, applied to the thread in the same transaction. */
export async function markConversationRead(deps: MessagingDeps, userId: string, conversationId: string): Promise<void> {
  const { thread, summary, businessId } = await findOwnedConversation(deps, userId, conversationId);
  const now = deps.clock.now();
  const payload = createPayload("ConversationRead", {
    businessId,
    callerNumber: thread.conversation.callerNumber,
    readUpTo: timestampFromDate(summary.lastActivityAt),
    readAt: timestampFromDate(now),
  });
  await deps.db.sqlTransaction(async (tx) => {
    const event: EventEnvelope<"ConversationRead"> = {
      id: tx.append("ConversationRead", businessId, payload),
      type: "ConversationRead",
      key: businessId,
      occurredAt: now,
      payload,
    };
    await applyConversationEvents(deps, tx, CONVERSATIONS_GROUP, [event]);
  });
}
