import type {
  ConversationItem,
  ConversationList,
  ConversationOutcomeInput,
  ConversationSummary,
  ConversationThread,
  OwnerReply,
} from "@rebound/contracts/domain";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";
import { CONVERSATIONS_KEY, unreadCountQueryOptions } from "@/shared/conversations/unread-count";
import type { InboxFilter } from "../lib/inbox-display";

/** The inbox's query keys, all under CONVERSATIONS_KEY (one invalidation refreshes everything). */
export const inboxKeys = {
  lists: () => [CONVERSATIONS_KEY, "list"] as const,
  list: (filter: InboxFilter) => [CONVERSATIONS_KEY, "list", filter] as const,
  thread: (id: string) => [CONVERSATIONS_KEY, "thread", id] as const,
};

const path = (id: string, rest = "") => `${CONVERSATIONS_KEY}/${encodeURIComponent(id)}${rest}`;

/** GET /api/conversations?filter=&cursor= (docs/conversations.md section 4): 30 a page, newest activity first. */
export function getConversations(filter: InboxFilter, cursor: string | null): Promise<ConversationList> {
  const query = new URLSearchParams({ filter });
  if (cursor) query.set("cursor", cursor);
  return api.get<ConversationList>(`${CONVERSATIONS_KEY}?${query}`);
}

/** The list, a page at a time ("Load more" follows nextCursor); read again every `pollMs` while the live stream is down. */
export function conversationListQueryOptions(filter: InboxFilter, pollMs: number | false = false) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list(filter),
    queryFn: ({ pageParam }) => getConversations(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationList) => last.nextCursor ?? undefined,
    refetchInterval: pollMs,
  });
}

/** GET /api/conversations/{id}: the thread, oldest item first. */
export function getThread(id: string): Promise<ConversationThread> {
  return api.get<ConversationThread>(path(id));
}

export function threadQueryOptions(id: string, pollMs: number | false = false) {
  return queryOptions({ queryKey: inboxKeys.thread(id), queryFn: () => getThread(id), refetchInterval: pollMs });
}

/** The list's line for one conversation changed in place in every loaded list (all, unread). */
function updateSummary(queryClient: QueryClient, id: string, change: (summary: ConversationSummary) => ConversationSummary) {
  queryClient.setQueriesData<InfiniteData<ConversationList>>({ queryKey: inboxKeys.lists() }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, conversations: page.conversations.map((item) => (item.id === id ? change(item) : item)) })) }
      : data,
  );
}

/** Lists and the badge read again (the thread changed: a reply, a read, an outcome). */
function refreshLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions().queryKey });
}

/** POST /api/conversations/{id}/read: 204. The line stops counting as unread at once. */
export function markRead(id: string): Promise<void> {
  return api.post<void>(path(id, "/read"));
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (_answer, id) => {
      updateSummary(queryClient, id, (summary) => ({ ...summary, unreadCount: 0 }));
      refreshLists(queryClient);
    },
  });
}

/** POST /api/conversations/{id}/messages {body}: 201 {item}; 409 opted out or not registered, 402 without a subscription. */
export function sendReply(id: string, reply: OwnerReply): Promise<{ item: ConversationItem }> {
  return api.post<{ item: ConversationItem }>(path(id, "/messages"), reply);
}

export function useSendReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: OwnerReply) => sendReply(id, reply),
    onSuccess: (answer) => {
      const item = answer?.item;
      if (item) {
        queryClient.setQueryData<ConversationThread>(inboxKeys.thread(id), (thread) =>
          thread && !thread.items.some((existing) => existing.id === item.id) ? { ...thread, items: [...thread.items, item] } : thread,
        );
      }
      void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(id) });
      refreshLists(queryClient);
    },
  });
}

/** PUT /api/conversations/{id}/outcome {outcome, valueCents?}: 200. */
export function setOutcome(id: string, input: ConversationOutcomeInput): Promise<unknown> {
  return api.put<unknown>(path(id, "/outcome"), input);
}

export function useSetOutcome(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConversationOutcomeInput) => setOutcome(id, input),
    onSuccess: (_answer, input) => {
      queryClient.setQueryData<ConversationThread>(inboxKeys.thread(id), (thread) =>
        thread ? { ...thread, outcome: input.outcome, valueCents: input.outcome === "booked" ? (input.valueCents ?? null) : null } : thread,
      );
      void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(id) });
    },
  });
}
