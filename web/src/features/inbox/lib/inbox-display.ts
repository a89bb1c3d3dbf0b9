import type { ConversationItem, ConversationOutcomeName, ConversationSummary } from "@rebound/contracts/domain";

/** The inbox's tabs: every conversation, or only those with something unread (the API's filter). */
export type InboxFilter = "all" | "unread";
export const INBOX_FILTERS: readonly { value: InboxFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "unread", label: "Unread" },
];

export const EMPTY_INBOX = { title: "No conversations yet", body: "When a missed caller texts back or leaves a voicemail, it shows up here." } as const;
export const EMPTY_UNREAD = { title: "Nothing unread", body: "You're all caught up. New replies and voicemails show up here." } as const;
export const OPTED_OUT_NOTICE = "This caller replied STOP, so you can't text them. They must text START before you can reply.";
export const RECORDING_DELETED = "Recording deleted after 90 days";
export const NO_TRANSCRIPT = "No transcript";
export const REPLY_FAILED = "Failed to send your reply. Please try again.";
export const OUTCOME_FAILED = "Failed to save the outcome. Please try again.";

/** Unread conversations first, then the newest activity first (the API pages by newest activity). */
export function sortConversations(conversations: readonly ConversationSummary[]): ConversationSummary[] {
  return [...conversations].sort((a, b) => {
    const unread = Number(b.unreadCount > 0) - Number(a.unreadCount > 0);
    return unread !== 0 ? unread : Date.parse(b.lastActivityAt) - Date.parse(a.lastActivityAt);
  });
}

/**
 * The conversations whose number matches what the owner typed: digits against the number's digits
 * (so "555 0123", "(415) 555" and "+1415" all match), anything else against the label.
 */
export function searchConversations(conversations: readonly ConversationSummary[], query: string): ConversationSummary[] {
  const text = query.trim().toLowerCase();
  if (!text) return [...conversations];
  const digits = text.replace(/\D/g, "");
  return conversations.filter((conversation) => {
    if (digits && /^[\d\s()+.-]+$/.test(text)) {
      const number = conversation.callerNumber.replace(/\D/g, "");
      // "4155550123" also finds "+14155550123", and the other way round.
      return number.includes(digits) || (digits.length === 11 && digits.startsWith("1") && number.includes(digits.slice(1)));
    }
    return conversation.callerLabel.toLowerCase().includes(text) || conversation.callerNumber.includes(text);
  });
}

/** The conversations from every loaded page, each once (a page boundary can move while new activity arrives). */
export function flattenPages(pages: readonly { conversations: ConversationSummary[] }[]): ConversationSummary[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.conversations).filter((conversation) => (seen.has(conversation.id) ? false : (seen.add(conversation.id), true)));
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A list line's time, in the viewer's time zone: "3:04 PM" today, "Yesterday", "Mon" this week, "Jan 5", "Jan 5, 2025". */
export function formatListTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (sameDay(date, now)) return date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return "Yesterday";
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days > 0 && days < 6) return date.toLocaleDateString("en-US", { weekday: "short" });
  if (date.getFullYear() === now.getFullYear()) return date.toLocaleDateString("en-US", { month: "short", day: "numeric" });
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** A thread item's time: "3:04 PM" today, "Jan 5, 3:04 PM" this year, with the year before that. */
export function formatItemTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  if (sameDay(date, now)) return time;
  const day = date.toLocaleDateString(
    "en-US",
    date.getFullYear() === now.getFullYear() ? { month: "short", day: "numeric" } : { month: "short", day: "numeric", year: "numeric" },
  );
  return `${day}, ${time}`;
}

/** A voicemail's length: "0:42", "2:00"; null when unknown. */
export function formatDuration(seconds: number | undefined): string | null {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export type DeliveryTone = "pending" | "sent" | "delivered" | "failed";

/** Our text's status in words, with its tick: queued and sending wait, sent has one tick, delivered two, undelivered and failed are red. */
export function deliveryStatus(status: string | undefined): { words: string; tone: DeliveryTone } | null {
  switch (status) {
    case undefined:
    case "":
      return null;
    case "queued":
    case "accepted":
    case "scheduled":
      return { words: "Queued", tone: "pending" };
    case "sending":
      return { words: "Sending", tone: "pending" };
    case "sent":
      return { words: "Sent", tone: "sent" };
    case "delivered":
    case "read":
      return { words: "Delivered", tone: "delivered" };
    case "undelivered":
      return { words: "Not delivered", tone: "failed" };
    case "failed":
      return { words: "Failed to send", tone: "failed" };
    default:
      return { words: status.charAt(0).toUpperCase() + status.slice(1), tone: "pending" };
  }
}

/** Whose side a thread item sits on: the caller's (left), the business's (right), or a line of its own (centered). */
export function itemSide(kind: ConversationItem["kind"]): "caller" | "business" | "system" {
  switch (kind) {
    case "reply_in":
    case "voicemail":
      return "caller";
    case "auto_text":
    case "reply_out":
      return "business";
    default:
      return "system";
  }
}

/** The words of a centered line (missed call, opt-out, opt-in). */
export function systemLine(kind: ConversationItem["kind"]): string {
  switch (kind) {
    case "missed_call":
      return "Missed call";
    case "opt_out":
      return "Caller replied STOP: no more texts to this number";
    case "opt_in":
      return "Caller replied START: texts allowed again";
    default:
      return "";
  }
}

export const OUTCOME_LABELS: Record<ConversationOutcomeName, string> = {
  booked: "Booked",
  not_a_lead: "Not a lead",
  lost: "Lost",
};

/** Dollars typed by the owner as cents ("125.5" -> 12550); undefined for empty, null for not a valid amount. */
export function dollarsToCents(text: string): number | undefined | null {
  const clean = text.replace(/[$,\s]/g, "");
  if (clean === "") return undefined;
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** Cents as the dollars the value field shows: 12550 -> "125.50", 12500 -> "125". */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
