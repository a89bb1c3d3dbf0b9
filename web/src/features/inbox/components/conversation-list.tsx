import { SearchOutlined } from "@ant-design/icons";
import type { ConversationSummary } from "@rebound/contracts/domain";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Button, Input, Skeleton } from "antd";
import { useMemo, useState } from "react";
import { Badge } from "@/shared/ui/badge";
import { SectionError } from "@/shared/ui/section-error";
import { SegmentedToggle } from "@/shared/ui/segmented-toggle";
import { conversationListQueryOptions } from "../api/conversations";
import { useInboxLive } from "../hooks/use-conversation-stream";
import {
  EMPTY_INBOX,
  EMPTY_UNREAD,
  flattenPages,
  formatListTime,
  INBOX_FILTERS,
  searchConversations,
  sortConversations,
  type InboxFilter,
} from "../lib/inbox-display";

function ListSkeleton() {
  return (
    <div className="rb-inbox-list__skeleton" data-testid="inbox-loading" aria-busy="true" aria-label="Loading conversations">
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} active avatar={false} title={{ width: "45%" }} paragraph={{ rows: 1, width: "85%" }} />
      ))}
    </div>
  );
}

function ConversationRow({ conversation, active }: { conversation: ConversationSummary; active: boolean }) {
  const unread = conversation.unreadCount > 0;
  const classes = ["rb-inbox-row", unread ? "rb-inbox-row--unread" : "", active ? "rb-inbox-row--active" : ""].filter(Boolean).join(" ");
  return (
    <li>
      <Link
        to="/app/inbox/$conversationId"
        params={{ conversationId: conversation.id }}
        className={classes}
        aria-current={active ? "page" : undefined}
        data-testid="conversation-row"
      >
        <span className="rb-inbox-row__top">
          <span className="rb-inbox-row__who">{conversation.callerLabel || conversation.callerNumber}</span>
          <time className="rb-inbox-row__when" dateTime={conversation.lastActivityAt}>
            {formatListTime(conversation.lastActivityAt)}
          </time>
        </span>
        <span className="rb-inbox-row__bottom">
          <span className="rb-inbox-row__preview">{conversation.preview}</span>
          {conversation.optedOut ? <Badge tone="neutral">Opted out</Badge> : null}
          {unread ? (
            <span className="rb-inbox-row__count" data-testid="unread-count">
              <span aria-hidden>{conversation.unreadCount}</span>
              <span className="rb-visually-hidden">{`, ${conversation.unreadCount} unread`}</span>
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** The inbox's list: All / Unread, a number search over what is loaded, unread first then newest, a page at a time. */
export function ConversationList({ activeId }: { activeId?: string }) {
  const [filter, setFilter] = useState<InboxFilter>("all");
  const [search, setSearch] = useState("");
  const { pollMs } = useInboxLive();
  const list = useInfiniteQuery(conversationListQueryOptions(filter, pollMs));
  const all = useMemo(() => flattenPages(list.data?.pages ?? []), [list.data]);
  const shown = useMemo(() => sortConversations(searchConversations(all, search)), [all, search]);
  const searching = search.trim() !== "";

  let body;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError) body = <SectionError what="your conversations" onRetry={() => void list.refetch()} />;
  else if (all.length === 0)
    body = (
      <div className="rb-empty" data-testid="inbox-empty">
        <p className="rb-empty__title">{(filter === "unread" ? EMPTY_UNREAD : EMPTY_INBOX).title}</p>
        <p className="rb-muted">{(filter === "unread" ? EMPTY_UNREAD : EMPTY_INBOX).body}</p>
      </div>
    );
  else
    body = (
      <>
        {shown.length === 0 ? (
          <p className="rb-inbox-list__none" role="status">
            No conversations match &ldquo;{search.trim()}&rdquo;{list.hasNextPage ? " in the ones loaded so far." : "."}
          </p>
        ) : (
          <ul className="rb-inbox-list__rows" data-testid="conversation-list">
            {shown.map((conversation) => (
              <ConversationRow key={conversation.id} conversation={conversation} active={conversation.id === activeId} />
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="rb-inbox-list__more">
            <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} block>
              Load more
            </Button>
          </div>
        ) : null}
      </>
    );

  return (
    <div className="rb-inbox-list">
      <div className="rb-inbox-list__tools">
        <SegmentedToggle name="inbox-filter" label="Show" value={filter} options={INBOX_FILTERS} onChange={setFilter} />
        <div className="rb-inbox-list__search">
          <label htmlFor="inbox-search" className="rb-visually-hidden">
            Search by number
          </label>
          <Input
            id="inbox-search"
            type="search"
            inputMode="tel"
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder="Search by number"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-describedby={searching && list.hasNextPage ? "inbox-search-hint" : undefined}
          />
          {searching && list.hasNextPage ? (
            <p id="inbox-search-hint" className="rb-hint">
              Searching the conversations loaded so far. Load more to search further back.
            </p>
          ) : null}
        </div>
      </div>
      <div className="rb-inbox-list__body">{body}</div>
    </div>
  );
}
