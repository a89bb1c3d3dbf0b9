import { createPayload, timestampFromDate, type EventEnvelope } from "@rebound/contracts";
import type { ConversationOutcomeInput, ConversationThread } from "@rebound/contracts/domain";
import { outcomeEnum } from "../domain/conversation-thread";
import type { MessagingDeps } from "../messaging-deps";
import { findOwnedConversation, getConversation } from "./get-conversation.use-case";
import { CONVERSATIONS_GROUP } from "./on-conversation-events.handler";
import { applyConversationEvents } from "./project-conversation-event.use-case";

/**
 * The owner marks what became of the thread (booked, with what it is worth; not a lead; lost) or
 * clears it (null): ConversationOutcomeSet, applied in the same transaction. A value only goes with
 * booked. Answers the thread as it now is.
 */
export async function setConversationOutcome(
  deps: MessagingDeps,
  userId: string,
  conversationId: string,
  input: ConversationOutcomeInput,
): Promise<ConversationThread> {
  const { thread, businessId } = await findOwnedConversation(deps, userId, conversationId);
  const now = deps.clock.now();
  const payload = createPayload("ConversationOutcomeSet", {
    businessId,
    callerNumber: thread.conversation.callerNumber,
    outcome: outcomeEnum(input.outcome),
    valueCents: BigInt(input.outcome === "booked" ? (input.valueCents ?? 0) : 0),
    setAt: timestampFromDate(now),
  });
  await deps.db.sqlTransaction(async (tx) => {
    const event: EventEnvelope<"ConversationOutcomeSet"> = {
      id: tx.append("ConversationOutcomeSet", businessId, payload),
      type: "ConversationOutcomeSet",
      key: businessId,
      occurredAt: now,
      payload,
    };
    await applyConversationEvents(deps, tx, CONVERSATIONS_GROUP, [event]);
  });
  return getConversation(deps, userId, conversationId);
}
