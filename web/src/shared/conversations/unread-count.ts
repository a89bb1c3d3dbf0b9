import type { ConversationList } from "@rebound/contracts/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/shared/api/client";

/** Every inbox query's key starts with this (docs/conversations.md section 4): invalidating it refreshes the whole inbox and the badge. */
export const CONVERSATIONS_KEY = "/api/conversations";

/** How often the sidebar's unread badge is read again while the inbox (and its live stream) is not open. */
export const UNREAD_BADGE_POLL_MS = 60_000;

export interface UnreadCount {
  /** Unread items over the unread conversations of the first page. */
  count: number;
  /** More unread conversations than one page: the count is a floor ("30+"). */
  more: boolean;
}

/** The sum of unreadCount over a page of conversations. */
export function unreadTotal(list: Pick<ConversationList, "conversations" | "nextCursor">): UnreadCount {
  return { count: list.conversations.reduce((sum, conversation) => sum + Math.max(0, conversation.unreadCount), 0), more: list.nextCursor !== null };
}

/** The badge's words: "3", "30+". */
export function unreadBadgeText(unread: UnreadCount): string {
  return `${unread.count}${unread.more ? "+" : ""}`;
}

/**
 * The first page of unread conversations, summed; null while the inbox is not deployed (404), so the
 * badge simply does not show.
 */
export async function getUnreadCount(): Promise<UnreadCount | null> {
  try {
    return unreadTotal(await api.get<ConversationList>(`${CONVERSATIONS_KEY}?filter=unread`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function unreadCountQueryOptions() {
  return queryOptions({ queryKey: [CONVERSATIONS_KEY, "unread-count"] as const, queryFn: getUnreadCount, refetchInterval: UNREAD_BADGE_POLL_MS });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
