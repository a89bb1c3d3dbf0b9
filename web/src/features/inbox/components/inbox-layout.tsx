import type { ReactNode } from "react";
import { InboxLiveContext, useConversationStream } from "../hooks/use-conversation-stream";
import { ConversationList } from "./conversation-list";

/**
 * The inbox: the list and the open thread side by side on a large screen; on a phone, the list or
 * the thread (with its way back), never both. Keeps the live stream open while it is mounted.
 */
export function InboxLayout({ activeId, children }: { activeId?: string; children: ReactNode }) {
  const live = useConversationStream();
  return (
    <InboxLiveContext.Provider value={live}>
      <div className={activeId ? "rb-inbox rb-inbox--thread-open" : "rb-inbox"} data-live={live.live ? "stream" : "polling"}>
        <header className="rb-dash-head rb-inbox__head">
          <h1 className="rb-h2">Inbox</h1>
          <p className="rb-lead">Texts, voicemails and missed calls from your callers: one conversation per number.</p>
        </header>
        <div className="rb-inbox__panes">
          <section className="rb-inbox__list-pane" aria-label="Conversations">
            <ConversationList activeId={activeId} />
          </section>
          <section className="rb-inbox__thread-pane" aria-label="Conversation">
            {children}
          </section>
        </div>
      </div>
    </InboxLiveContext.Provider>
  );
}
