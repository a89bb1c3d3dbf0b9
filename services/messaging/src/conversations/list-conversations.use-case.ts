import type { ConversationList } from "@rebound/contracts/domain";
import { AppError } from "@rebound/platform";
import { decodeCursor, encodeCursor, summaryView } from "../domain/conversation-thread";
import type { MessagingDeps } from "../messaging-deps";

/** Threads per page of GET /api/conversations. */
export const CONVERSATIONS_PAGE_SIZE = 30;

export const INVALID_CURSOR_MESSAGE = "Invalid cursor";

/** The owner's threads, newest activity first, a page at a time; `unread` keeps those with unread items. */
export async function listConversations(
  deps: Pick<MessagingDeps, "conversations">,
  userId: string,
  query: { cursor?: string; filter: "unread" | "all" },
): Promise<ConversationList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && !after)
    throw new AppError("VALIDATION_FAILED", INVALID_CURSOR_MESSAGE, { fields: [{ field: "cursor", message: INVALID_CURSOR_MESSAGE }] });
  const businessId = await deps.conversations.businessIdOfUser(userId);
  if (!businessId) return { conversations: [], nextCursor: null };
  const rows = await deps.conversations.list(businessId, { unreadOnly: query.filter === "unread", after, limit: CONVERSATIONS_PAGE_SIZE + 1 });
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    conversations: page.map(summaryView),
    nextCursor: rows.length > CONVERSATIONS_PAGE_SIZE && last ? encodeCursor({ lastActivityAt: last.lastActivityAt, id: last.id }) : null,
  };
}
