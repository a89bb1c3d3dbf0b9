import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { CONVERSATIONS_KEY, unreadCountQueryOptions } from "@/shared/conversations/unread-count";
import { inboxKeys } from "../api/conversations";

/** GET /api/conversations/stream (docs/conversations.md section 4): `event: conversation`, data {id, lastActivityAt, unreadCount}. */
export const STREAM_URL = `${CONVERSATIONS_KEY}/stream`;
/** While the stream is down, the open list and thread are read again this often. */
export const FALLBACK_POLL_MS = 10_000;
/** How long after a failure the stream is tried again. */
export const STREAM_RETRY_MS = 30_000;

export interface InboxLive {
  /** The stream is open (or opening): no polling. */
  live: boolean;
  /** What the inbox's queries use as refetchInterval: false while live, FALLBACK_POLL_MS while not. */
  pollMs: number | false;
}

/** The inbox's live state, provided by the inbox layout to the thread under it. */
export const InboxLiveContext = createContext<InboxLive>({ live: false, pollMs: false });
export const useInboxLive = () => useContext(InboxLiveContext);

function changedId(data: unknown): string | null {
  if (typeof data !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === "object" && "id" in parsed && typeof parsed.id === "string" ? parsed.id : null;
  } catch {
    return null;
  }
}

/**
 * Opens the conversations stream while the inbox is mounted. Each `conversation` event invalidates
 * the lists, the badge and that thread (refetched only when it is the one open). When the stream
 * fails (the browser gave up, or the server answered an error), it is closed, the inbox polls every
 * 10 s, and the stream is tried again 30 s later; once it opens again, everything is read once to
 * catch up and polling stops.
 */
export function useConversationStream(): InboxLive {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(() => typeof EventSource !== "undefined");
  const failedOnce = useRef(false);

  useEffect(() => {
    if (typeof EventSource === "undefined") {
      setLive(false);
      return;
    }
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const onConversation = (event: MessageEvent) => {
      const id = changedId(event.data);
      if (!id) {
        void queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_KEY] });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(id) });
    };

    const open = () => {
      if (stopped) return;
      const stream = new EventSource(STREAM_URL, { withCredentials: true });
      source = stream;
      stream.addEventListener("conversation", onConversation as EventListener);
      stream.onopen = () => {
        setLive(true);
        if (failedOnce.current) {
          failedOnce.current = false;
          // Events sent while the stream was down are lost: read everything once.
          void queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_KEY] });
        }
      };
      stream.onerror = () => {
        // EventSource reconnects by itself after a dropped connection, but not after an error answer;
        // either way: poll now, try the stream again later.
        stream.close();
        if (source === stream) source = null;
        failedOnce.current = true;
        setLive(false);
        clearTimeout(retry);
        retry = setTimeout(open, STREAM_RETRY_MS);
      };
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);

  return { live, pollMs: live ? false : FALLBACK_POLL_MS };
}
