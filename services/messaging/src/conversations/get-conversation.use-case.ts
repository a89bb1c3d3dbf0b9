import type { ConversationThread } from "@rebound/contracts/domain";
import { notFound } from "@rebound/platform";
import { isUuid, threadView } from "../domain/conversation-thread";
import type { MessagingDeps } from "../messaging-deps";
import type { ConversationRepository } from "../store/conversation.repository";

export const CONVERSATION_NOT_FOUND_MESSAGE = "Conversation not found";

export type OwnedConversation = NonNullable<Awaited<ReturnType<ConversationRepository["findThread"]>>> & { businessId: string };

/** A thread of the signed-in owner's business: 404 for an unknown id and for another business's alike. */
export async function findOwnedConversation(deps: Pick<MessagingDeps, "conversations">, userId: string, id: string): Promise<OwnedConversation> {
  if (!isUuid(id)) throw notFound(CONVERSATION_NOT_FOUND_MESSAGE);
  const businessId = await deps.conversations.businessIdOfUser(userId);
  const found = businessId ? await deps.conversations.findThread(businessId, id.toLowerCase()) : undefined;
  if (!businessId || !found) throw notFound(CONVERSATION_NOT_FOUND_MESSAGE);
  return { ...found, businessId };
}

/** GET /api/conversations/{id}: the thread, oldest item first. */
export async function getConversation(deps: Pick<MessagingDeps, "conversations">, userId: string, id: string): Promise<ConversationThread> {
  const { thread, statuses } = await findOwnedConversation(deps, userId, id);
  return threadView(thread, statuses);
}
