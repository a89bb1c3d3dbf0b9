import { ArrowLeftOutlined, PhoneOutlined, StopOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Alert, Skeleton } from "antd";
import { useEffect, useRef } from "react";
import { ApiError } from "@/shared/api/client";
import { Badge } from "@/shared/ui/badge";
import { LinkButton } from "@/shared/ui/link-button";
import { SectionError } from "@/shared/ui/section-error";
import { threadQueryOptions, useMarkRead } from "../api/conversations";
import { useInboxLive } from "../hooks/use-conversation-stream";
import { OPTED_OUT_NOTICE } from "../lib/inbox-display";
import { OutcomePicker } from "./outcome-picker";
import { ReplyBox } from "./reply-box";
import { ThreadItem } from "./thread-items";

/** Back to the list: the way out of a thread on a phone, where the list and the thread are separate screens (hidden beside the list). */
function BackToList({ label = true }: { label?: boolean }) {
  return (
    <LinkButton
      to="/app/inbox"
      buttonType="text"
      icon={<ArrowLeftOutlined aria-hidden />}
      className="rb-thread__back"
      aria-label={label ? undefined : "Back to conversations"}
    >
      {label ? "Conversations" : null}
    </LinkButton>
  );
}

/** The desktop's right pane before a conversation is chosen. */
export function ThreadPlaceholder() {
  return (
    <div className="rb-thread__placeholder" data-testid="thread-placeholder">
      <p className="rb-empty__title">Choose a conversation</p>
      <p className="rb-muted">Read what your caller said, listen to voicemails and text them back from your Rebound number.</p>
    </div>
  );
}

/** One conversation: its items oldest first, the outcome, and the reply box. Opening it marks it read. */
export function ThreadView({ conversationId }: { conversationId: string }) {
  const { pollMs } = useInboxLive();
  const thread = useQuery(threadQueryOptions(conversationId, pollMs));
  const { mutate: markRead } = useMarkRead();
  const log = useRef<HTMLDivElement>(null);
  const lastItemId = thread.data?.items.at(-1)?.id;
  const readUpTo = useRef<string | null>(null);
  const loaded = thread.data !== undefined;

  // Read on opening, and again when something new arrives while the thread is on screen.
  useEffect(() => {
    if (!loaded) return;
    const mark = `${conversationId}:${lastItemId ?? ""}`;
    if (readUpTo.current === mark) return;
    readUpTo.current = mark;
    markRead(conversationId);
  }, [conversationId, lastItemId, loaded, markRead]);

  // The log is anchored at its end (column-reverse): a new item brings the view back to it.
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [lastItemId]);

  if (thread.isPending) {
    return (
      <div className="rb-thread rb-thread--loading" data-testid="thread-loading">
        <BackToList />
        <Skeleton active title={{ width: "40%" }} paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (thread.isError) {
    const missing = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <div className="rb-thread rb-thread--error">
        <BackToList />
        {missing ? (
          <div className="rb-empty" data-testid="thread-missing">
            <p className="rb-empty__title">Conversation not found</p>
            <p className="rb-muted">It may belong to another account, or the link is incomplete.</p>
          </div>
        ) : (
          <SectionError what="this conversation" onRetry={() => void thread.refetch()} />
        )}
      </div>
    );
  }

  const data = thread.data;
  const label = data.callerLabel || data.callerNumber;
  return (
    <div className="rb-thread" data-testid="thread-view">
      <header className="rb-thread__head">
        <div className="rb-thread__who">
          <BackToList label={false} />
          <h2 className="rb-thread__title">{label}</h2>
          <span className="rb-thread__actions">
            {data.optedOut ? (
              <Badge tone="neutral">
                <StopOutlined aria-hidden /> Opted out
              </Badge>
            ) : null}
            <a href={`tel:${data.callerNumber}`} className="rb-thread__call" aria-label="Call back">
              <PhoneOutlined aria-hidden /> <span className="rb-thread__call-label">Call back</span>
            </a>
          </span>
        </div>
        <OutcomePicker key={data.id} conversationId={data.id} outcome={data.outcome} valueCents={data.valueCents} />
      </header>
      <div ref={log} className="rb-thread__log" role="log" aria-label={`Conversation with ${label}`} tabIndex={0}>
        {data.items.length === 0 ? (
          <p className="rb-muted rb-thread__nothing">Nothing here yet.</p>
        ) : (
          <ol className="rb-thread__items" data-testid="thread-items">
            {data.items.map((item) => (
              <ThreadItem key={item.id} item={item} />
            ))}
          </ol>
        )}
      </div>
      <div className="rb-thread__compose">
        {data.optedOut ? <Alert type="warning" showIcon title={OPTED_OUT_NOTICE} className="rb-thread__notice" data-testid="opted-out-notice" /> : null}
        <ReplyBox conversationId={data.id} disabled={data.optedOut} />
      </div>
    </div>
  );
}
