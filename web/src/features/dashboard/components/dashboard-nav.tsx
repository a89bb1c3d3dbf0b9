import { ApiOutlined, BarChartOutlined, BulbOutlined, InboxOutlined, MessageOutlined, PhoneOutlined } from "@ant-design/icons";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { unreadBadgeText, useUnreadCount } from "@/shared/conversations/unread-count";
import { NAV_SECTIONS, SECTION_LABELS, type NavSection } from "../lib/sections";

const ICONS: Record<NavSection, ReactNode> = {
  "how-it-works": <BulbOutlined />,
  setup: <PhoneOutlined />,
  test: <ApiOutlined />,
  configure: <MessageOutlined />,
  analytics: <BarChartOutlined />,
  inbox: <InboxOutlined />,
};

/** The inbox's unread count beside its label ("3 unread" to a screen reader); nothing when all is read or the inbox cannot say. */
function UnreadBadge() {
  const unread = useUnreadCount();
  if (!unread.data || unread.data.count === 0) return null;
  const text = unreadBadgeText(unread.data);
  return (
    <span className="rb-dash-nav__badge" data-testid="inbox-unread-badge">
      <span aria-hidden>{text}</span>
      <span className="rb-visually-hidden">{`, ${text} unread`}</span>
    </span>
  );
}

/** A sidebar on large screens, a tab grid on small ones (the inbox and analytics first there; docs/product.md lists analytics first). */
export function DashboardNav({ current }: { current: NavSection }) {
  return (
    <nav aria-label="Dashboard sections" className="rb-dash-nav">
      {NAV_SECTIONS.map((section) => {
        const props = {
          "data-section": section,
          className: `rb-dash-nav__tab${section === current ? " rb-dash-nav__tab--active" : ""}`,
          "aria-current": section === current ? ("page" as const) : undefined,
        };
        const content = (
          <>
            <span aria-hidden className="rb-dash-nav__icon">
              {ICONS[section]}
            </span>
            <span className="rb-dash-nav__label">{SECTION_LABELS[section]}</span>
            {section === "inbox" ? <UnreadBadge /> : null}
          </>
        );
        return section === "inbox" ? (
          <Link key={section} to="/app/inbox" {...props}>
            {content}
          </Link>
        ) : (
          <Link key={section} to="/app/{-$section}" params={{ section }} {...props}>
            {content}
          </Link>
        );
      })}
    </nav>
  );
}
