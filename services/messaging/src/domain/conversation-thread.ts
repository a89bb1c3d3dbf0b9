// The owner's inbox as pure data (docs/conversations.md): which thread and item an event is about,
// how a thread's items and state merge, and what the API shows of them. The projection's store
// loads a thread, these functions change it, the store writes what changed.
//
// Order-independence: every merge here is commutative, associative and idempotent (each field
// keeps the "largest" value of a fixed order), so a thread's final state depends only on which
// events were applied, never on their order or on how many times each was.
import { messagingV1, timestampDate, type EventEnvelope } from "@rebound/contracts";
import {
  callerLabel,
  isWithheldCallerId,
  type ConversationItem,
  type ConversationItemKind,
  type ConversationOutcomeName,
  type ConversationSummary,
  type ConversationThread,
} from "@rebound/contracts/domain";
import { createHash } from "node:crypto";
import type { SmsStatusName } from "./sms-status";

/** The events the projection is built from (telephony's and messaging's topics). */
export const CONVERSATION_EVENT_TYPES = [
  "CallMissed",
  "VoicemailRecorded",
  "VoicemailTranscribed",
  "VoicemailDeleted",
  "SmsQueued",
  "SmsSent",
  "SmsStatusChanged",
  "InboundSmsReceived",
  "CallerOptedOut",
  "CallerOptedIn",
  "ConversationRead",
  "ConversationOutcomeSet",
] as const;
export type ConversationEventType = (typeof CONVERSATION_EVENT_TYPES)[number];
export type ConversationEvent = { [T in ConversationEventType]: EventEnvelope<T> }[ConversationEventType];

export function isConversationEvent(event: EventEnvelope): event is ConversationEvent {
  return (CONVERSATION_EVENT_TYPES as readonly string[]).includes(event.type);
}

// ---- Ids ----

/** A UUID (version 5 layout) from a SHA-1 of the parts: the same parts give the same id, in any process. */
function uuidOf(...parts: string[]): string {
  const hash = createHash("sha1").update(parts.join("\u0000")).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The public id of the thread between a business and a caller number. */
export function conversationIdOf(businessId: string, callerNumber: string): string {
  return uuidOf("conversation", businessId, callerNumber);
}

/** An item's id from its source's natural key. */
export function itemIdOf(source: "call" | "sms" | "inbound" | "voicemail", businessId: string, key: string): string {
  return uuidOf(source, businessId, key);
}

/** An opt-out or opt-in: the caller's text and the state change are one item (they share the instant of one transaction). */
export function optItemIdOf(kind: "opt_out" | "opt_in", businessId: string, callerNumber: string, at: Date): string {
  return uuidOf(kind, businessId, callerNumber, String(at.getTime()));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

// ---- State ----

export interface ThreadItem {
  id: string;
  kind: ConversationItemKind;
  at: Date;
  /** false while `at` is a stand-in: a voicemail known only from its transcript or deletion. */
  atFinal: boolean;
  /** A text's body; the caller's words of an opt-out or opt-in; '' when none. */
  body: string;
  /** Texts we sent ('' otherwise): their status is kept per sms id. */
  smsId: string;
  voicemailId: string;
  seconds: number;
  transcript: string;
  audioDeleted: boolean;
}

/** What the owner and the caller's opt-outs set on a thread; the summary is computed from the items. */
export interface ConversationState {
  id: string;
  businessId: string;
  callerNumber: string;
  readUpTo: Date | null;
  outcome: ConversationOutcomeName | null;
  valueCents: number | null;
  outcomeSetAt: Date | null;
  outcomeEventId: string;
}

export interface Thread {
  conversation: ConversationState;
  /** In any order (the store's); what is shown is sorted by compareItems. */
  items: ThreadItem[];
}

export interface ThreadSummary {
  lastActivityAt: Date | null;
  preview: string;
  unreadCount: number;
  optedOut: boolean;
}

export function emptyConversation(businessId: string, callerNumber: string): ConversationState {
  return {
    id: conversationIdOf(businessId, callerNumber),
    businessId,
    callerNumber,
    readUpTo: null,
    outcome: null,
    valueCents: null,
    outcomeSetAt: null,
    outcomeEventId: "",
  };
}

// ---- Facts: what an event says about the inbox ----

export type ConversationFact =
  | { type: "item"; businessId: string; callerNumber: string; item: ThreadItem }
  /** A text's status; the sms id alone names the text (the caller is on its SmsQueued). */
  | { type: "text_status"; businessId: string; smsId: string; status: SmsStatusName }
  | { type: "read"; businessId: string; callerNumber: string; readUpTo: Date }
  | {
      type: "outcome";
      businessId: string;
      callerNumber: string;
      outcome: ConversationOutcomeName | null;
      valueCents: number | null;
      setAt: Date;
      eventId: string;
    };

export type ThreadFact = Exclude<ConversationFact, { type: "text_status" }>;

const item = (fields: Pick<ThreadItem, "id" | "kind" | "at"> & Partial<ThreadItem>): ThreadItem => ({
  atFinal: true,
  body: "",
  smsId: "",
  voicemailId: "",
  seconds: 0,
  transcript: "",
  audioDeleted: false,
  ...fields,
});

/** An event's time field, else the envelope's (stored with the event, so a rebuild reads the same). */
function timeOf(event: ConversationEvent, timestamp: Parameters<typeof timestampDate>[0] | undefined): Date {
  return timestamp ? timestampDate(timestamp) : event.occurredAt;
}

function smsStatusName(status: messagingV1.SmsStatus): SmsStatusName | undefined {
  switch (status) {
    case messagingV1.SmsStatus.QUEUED:
      return "queued";
    case messagingV1.SmsStatus.SENDING:
      return "sending";
    case messagingV1.SmsStatus.SENT:
      return "sent";
    case messagingV1.SmsStatus.DELIVERED:
      return "delivered";
    case messagingV1.SmsStatus.UNDELIVERED:
      return "undelivered";
    case messagingV1.SmsStatus.FAILED:
      return "failed";
    default:
      return undefined;
  }
}

function outcomeName(outcome: messagingV1.ConversationOutcome): ConversationOutcomeName | null {
  switch (outcome) {
    case messagingV1.ConversationOutcome.BOOKED:
      return "booked";
    case messagingV1.ConversationOutcome.NOT_A_LEAD:
      return "not_a_lead";
    case messagingV1.ConversationOutcome.LOST:
      return "lost";
    default:
      return null;
  }
}

export function outcomeEnum(outcome: ConversationOutcomeName | null): messagingV1.ConversationOutcome {
  switch (outcome) {
    case "booked":
      return messagingV1.ConversationOutcome.BOOKED;
    case "not_a_lead":
      return messagingV1.ConversationOutcome.NOT_A_LEAD;
    case "lost":
      return messagingV1.ConversationOutcome.LOST;
    case null:
      return messagingV1.ConversationOutcome.UNSPECIFIED;
    default: {
      const unexpected: never = outcome;
      throw new Error(`unknown outcome ${String(unexpected)}`);
    }
  }
}

/** A withheld caller id is nobody's number: no thread (there is no one to reply to). */
const threadable = (callerNumber: string) => !isWithheldCallerId(callerNumber);

/**
 * What one event says about the inbox. A caller's STOP (or plain-language opt-out) is one opt_out
 * item: its InboundSmsReceived brings the words, its CallerOptedOut the state change, both at the
 * same instant (one transaction), hence the same item; a carrier's opt-out (21610) is an opt_out
 * without words. HELP and other texts are replies (reply_in).
 */
export function factsOf(event: ConversationEvent): ConversationFact[] {
  switch (event.type) {
    case "CallMissed": {
      const { payload } = event;
      if (!threadable(payload.callerNumber)) return [];
      const at = timeOf(event, payload.occurredAt);
      const id = itemIdOf("call", payload.businessId, payload.callId || payload.callSid);
      return [{ type: "item", businessId: payload.businessId, callerNumber: payload.callerNumber, item: item({ id, kind: "missed_call", at }) }];
    }
    case "VoicemailRecorded":
    case "VoicemailTranscribed":
    case "VoicemailDeleted": {
      const { payload } = event;
      if (!threadable(payload.callerNumber)) return [];
      const id = itemIdOf("voicemail", payload.businessId, payload.voicemailId);
      const common = { id, kind: "voicemail" as const, voicemailId: payload.voicemailId };
      const voicemail =
        event.type === "VoicemailRecorded"
          ? item({ ...common, at: timeOf(event, event.payload.recordedAt), seconds: Math.max(0, event.payload.durationSeconds) })
          : event.type === "VoicemailTranscribed"
            ? item({ ...common, at: timeOf(event, event.payload.transcribedAt), atFinal: false, transcript: event.payload.transcript.trim() })
            : item({ ...common, at: timeOf(event, event.payload.deletedAt), atFinal: false, audioDeleted: true });
      return [{ type: "item", businessId: payload.businessId, callerNumber: payload.callerNumber, item: voicemail }];
    }
    case "SmsQueued": {
      const { payload } = event;
      const status: ConversationFact = { type: "text_status", businessId: payload.businessId, smsId: payload.smsId, status: "queued" };
      // A reply forwarded to the owner's own mobile is not a text to a caller: no thread of its own.
      if (!threadable(payload.recipientNumber) || payload.kind === messagingV1.SmsKind.OWNER_FORWARD) return [status];
      const kind = payload.kind === messagingV1.SmsKind.OWNER_REPLY ? "reply_out" : "auto_text";
      const text = item({
        id: itemIdOf("sms", payload.businessId, payload.smsId),
        kind,
        at: timeOf(event, payload.queuedAt),
        body: payload.body,
        smsId: payload.smsId,
      });
      return [{ type: "item", businessId: payload.businessId, callerNumber: payload.recipientNumber, item: text }, status];
    }
    case "SmsSent":
      return [{ type: "text_status", businessId: event.payload.businessId, smsId: event.payload.smsId, status: "sent" }];
    case "SmsStatusChanged": {
      const status = smsStatusName(event.payload.status);
      return status ? [{ type: "text_status", businessId: event.payload.businessId, smsId: event.payload.smsId, status }] : [];
    }
    case "InboundSmsReceived": {
      const { payload } = event;
      if (!threadable(payload.fromNumber)) return [];
      const at = timeOf(event, payload.receivedAt);
      const text =
        payload.kind === messagingV1.InboundKind.OPT_OUT || payload.kind === messagingV1.InboundKind.OPT_IN
          ? optItem(payload.kind === messagingV1.InboundKind.OPT_OUT ? "opt_out" : "opt_in", payload.businessId, payload.fromNumber, at, payload.body)
          : item({ id: itemIdOf("inbound", payload.businessId, payload.messageSid), kind: "reply_in", at, body: payload.body });
      return [{ type: "item", businessId: payload.businessId, callerNumber: payload.fromNumber, item: text }];
    }
    case "CallerOptedOut":
    case "CallerOptedIn": {
      const { payload } = event;
      if (!threadable(payload.callerNumber)) return [];
      const kind = event.type === "CallerOptedOut" ? "opt_out" : "opt_in";
      const at = event.type === "CallerOptedOut" ? timeOf(event, event.payload.optedOutAt) : timeOf(event, event.payload.optedInAt);
      return [
        {
          type: "item",
          businessId: payload.businessId,
          callerNumber: payload.callerNumber,
          item: optItem(kind, payload.businessId, payload.callerNumber, at, ""),
        },
      ];
    }
    case "ConversationRead": {
      const { payload } = event;
      return [{ type: "read", businessId: payload.businessId, callerNumber: payload.callerNumber, readUpTo: timeOf(event, payload.readUpTo) }];
    }
    case "ConversationOutcomeSet": {
      const { payload } = event;
      const outcome = outcomeName(payload.outcome);
      const cents = Number(payload.valueCents);
      return [
        {
          type: "outcome",
          businessId: payload.businessId,
          callerNumber: payload.callerNumber,
          outcome,
          valueCents: outcome === "booked" && cents > 0 ? cents : null,
          setAt: timeOf(event, payload.setAt),
          eventId: event.id,
        },
      ];
    }
    default: {
      const unexpected: never = event;
      throw new Error(`unexpected conversation event ${JSON.stringify(unexpected)}`);
    }
  }
}

function optItem(kind: "opt_out" | "opt_in", businessId: string, callerNumber: string, at: Date, body: string): ThreadItem {
  return item({ id: optItemIdOf(kind, businessId, callerNumber, at), kind, at, body });
}

// ---- Merges ----

/** The larger of two texts, '' the smallest: both sides of an item bring the same text or none. */
const larger = (a: string, b: string) => (a >= b ? a : b);

/** A final time beats a stand-in; among equals the earliest. */
function mergedAt(a: ThreadItem, b: ThreadItem): Pick<ThreadItem, "at" | "atFinal"> {
  if (a.atFinal !== b.atFinal) return a.atFinal ? { at: a.at, atFinal: true } : { at: b.at, atFinal: true };
  return { at: a.at.getTime() <= b.at.getTime() ? a.at : b.at, atFinal: a.atFinal };
}

/** Two accounts of the same item (same id) as one. */
export function mergeItem(a: ThreadItem, b: ThreadItem): ThreadItem {
  return {
    id: a.id,
    kind: a.kind,
    ...mergedAt(a, b),
    body: larger(a.body, b.body),
    smsId: larger(a.smsId, b.smsId),
    voicemailId: larger(a.voicemailId, b.voicemailId),
    seconds: Math.max(a.seconds, b.seconds),
    transcript: larger(a.transcript, b.transcript),
    audioDeleted: a.audioDeleted || b.audioDeleted,
  };
}

export function sameItem(a: ThreadItem, b: ThreadItem): boolean {
  return (
    a.id === b.id &&
    a.kind === b.kind &&
    a.at.getTime() === b.at.getTime() &&
    a.atFinal === b.atFinal &&
    a.body === b.body &&
    a.smsId === b.smsId &&
    a.voicemailId === b.voicemailId &&
    a.seconds === b.seconds &&
    a.transcript === b.transcript &&
    a.audioDeleted === b.audioDeleted
  );
}

/**
 * A text's status only moves up this order (the terminal ones in a fixed order, so any arrival order
 * ends the same); the store merges by it in SQL, where concurrent writers meet.
 */
export const TEXT_STATUS_ORDER: readonly SmsStatusName[] = ["queued", "sending", "sent", "failed", "undelivered", "delivered"];

/** Among a moment's items, the caller's come before the business's answer (a STOP before its confirmation). */
const KIND_RANK: Readonly<Record<ConversationItemKind, number>> = {
  missed_call: 0,
  voicemail: 1,
  reply_in: 2,
  opt_in: 3,
  opt_out: 4,
  auto_text: 5,
  reply_out: 6,
};

/** Oldest first; items of the same instant by KIND_RANK, then by id. */
export function compareItems(a: ThreadItem, b: ThreadItem): number {
  return a.at.getTime() - b.at.getTime() || KIND_RANK[a.kind] - KIND_RANK[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface Applied {
  thread: Thread;
  /** The item the fact created or changed (to be written). */
  item?: ThreadItem;
}

/** A fact applied to its thread; undefined when it changes nothing (an event applied again, an older read). */
export function applyToThread(thread: Thread, fact: ThreadFact): Applied | undefined {
  switch (fact.type) {
    case "item": {
      const index = thread.items.findIndex((candidate) => candidate.id === fact.item.id);
      const existing = index < 0 ? undefined : thread.items[index];
      const merged = existing ? mergeItem(existing, fact.item) : fact.item;
      if (existing && sameItem(existing, merged)) return undefined;
      const others = thread.items.filter((candidate) => candidate.id !== merged.id);
      return { thread: { ...thread, items: [...others, merged].sort(compareItems) }, item: merged };
    }
    case "read": {
      const current = thread.conversation.readUpTo;
      if (current && current.getTime() >= fact.readUpTo.getTime()) return undefined;
      return { thread: { ...thread, conversation: { ...thread.conversation, readUpTo: fact.readUpTo } } };
    }
    case "outcome": {
      const { conversation } = thread;
      if (conversation.outcomeSetAt) {
        const order = conversation.outcomeSetAt.getTime() - fact.setAt.getTime() || (conversation.outcomeEventId < fact.eventId ? -1 : 1);
        if (order > 0 || conversation.outcomeEventId === fact.eventId) return undefined;
      }
      return {
        thread: {
          ...thread,
          conversation: { ...conversation, outcome: fact.outcome, valueCents: fact.valueCents, outcomeSetAt: fact.setAt, outcomeEventId: fact.eventId },
        },
      };
    }
    default: {
      const unexpected: never = fact;
      throw new Error(`unexpected fact ${JSON.stringify(unexpected)}`);
    }
  }
}

/** One account of each text's status: the furthest of those given (the store merges with what it holds). */
export function furthestStatuses(
  facts: readonly Extract<ConversationFact, { type: "text_status" }>[],
): Map<string, { businessId: string; status: SmsStatusName }> {
  const furthest = new Map<string, { businessId: string; status: SmsStatusName }>();
  for (const fact of facts) {
    const current = furthest.get(fact.smsId);
    if (!current || TEXT_STATUS_ORDER.indexOf(fact.status) > TEXT_STATUS_ORDER.indexOf(current.status)) {
      furthest.set(fact.smsId, { businessId: fact.businessId, status: fact.status });
    }
  }
  return furthest;
}

export interface Folded {
  /** Every thread the facts were about, as it now is. */
  threads: Map<string, Thread>;
  /** The threads that changed. */
  changed: Set<string>;
  /** The items to write: created or changed, once each, in their final state. */
  items: Map<string, { conversation: ConversationState; item: ThreadItem }>;
}

/** Facts applied to their threads (loaded by conversation id; a missing one starts empty). */
export function foldThreads(loaded: ReadonlyMap<string, Thread>, facts: readonly ThreadFact[]): Folded {
  const threads = new Map(loaded);
  const changed = new Set<string>();
  const items = new Map<string, { conversation: ConversationState; item: ThreadItem }>();
  for (const fact of facts) {
    const id = conversationIdOf(fact.businessId, fact.callerNumber);
    const thread = threads.get(id) ?? { conversation: emptyConversation(fact.businessId, fact.callerNumber), items: [] };
    const applied = applyToThread(thread, fact);
    if (!applied) {
      threads.set(id, thread);
      continue;
    }
    threads.set(id, applied.thread);
    changed.add(id);
    if (applied.item) items.set(applied.item.id, { conversation: applied.thread.conversation, item: applied.item });
  }
  return { threads, changed, items };
}

// ---- Summary ----

/** What the owner has yet to see: the caller's missed calls, texts and voicemails. */
const CALLER_ITEMS: ReadonlySet<ConversationItemKind> = new Set(["missed_call", "reply_in", "voicemail"]);
const PREVIEW_LENGTH = 140;

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= PREVIEW_LENGTH ? line : `${line.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

/** m:ss */
export function durationLabel(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export function previewOf(item: ThreadItem): string {
  switch (item.kind) {
    case "missed_call":
      return "Missed call";
    case "voicemail":
      return item.seconds > 0 ? `Voicemail (${durationLabel(item.seconds)})` : "Voicemail";
    case "auto_text":
    case "reply_in":
    case "reply_out":
      return oneLine(item.body);
    case "opt_out":
      return "Opted out of texts";
    case "opt_in":
      return "Opted back in to texts";
    default: {
      const unexpected: never = item.kind;
      throw new Error(`unknown item kind ${String(unexpected)}`);
    }
  }
}

/**
 * The list's columns, from the items: the newest item's time and words; unread = the caller's items
 * after the owner last read the thread or replied in it (a reply answers what came before it); opted
 * out = the newest opt-out / opt-in item is an opt-out.
 */
export function summarize(thread: Thread): ThreadSummary {
  const items = [...thread.items].sort(compareItems);
  const newest = items[items.length - 1];
  let seenUpTo = thread.conversation.readUpTo?.getTime() ?? Number.NEGATIVE_INFINITY;
  let optedOut = false;
  for (const candidate of items) {
    if (candidate.kind === "reply_out") seenUpTo = Math.max(seenUpTo, candidate.at.getTime());
    if (candidate.kind === "opt_out" || candidate.kind === "opt_in") optedOut = candidate.kind === "opt_out";
  }
  const unreadCount = items.filter((candidate) => CALLER_ITEMS.has(candidate.kind) && candidate.at.getTime() > seenUpTo).length;
  return { lastActivityAt: newest?.at ?? null, preview: newest ? previewOf(newest) : "", unreadCount, optedOut };
}

// ---- What the API shows ----

export const voicemailAudioPath = (voicemailId: string) => `/api/voicemails/${encodeURIComponent(voicemailId)}/audio`;

export function itemView(threadItem: ThreadItem, status: SmsStatusName | undefined): ConversationItem {
  const base = { id: threadItem.id, kind: threadItem.kind, at: threadItem.at.toISOString() };
  switch (threadItem.kind) {
    case "missed_call":
      return base;
    case "auto_text":
    case "reply_out":
      return { ...base, body: threadItem.body, status: status ?? "queued" };
    case "reply_in":
      return { ...base, body: threadItem.body };
    case "opt_out":
    case "opt_in":
      return threadItem.body ? { ...base, body: threadItem.body } : base;
    case "voicemail":
      return {
        ...base,
        ...(threadItem.transcript ? { transcript: threadItem.transcript } : {}),
        recordingUrl: threadItem.audioDeleted || !threadItem.voicemailId ? null : voicemailAudioPath(threadItem.voicemailId),
        seconds: threadItem.seconds,
      };
    default: {
      const unexpected: never = threadItem.kind;
      throw new Error(`unknown item kind ${String(unexpected)}`);
    }
  }
}

export function threadView(thread: Thread, statuses: ReadonlyMap<string, SmsStatusName>): ConversationThread {
  const { conversation } = thread;
  return {
    id: conversation.id,
    callerNumber: conversation.callerNumber,
    callerLabel: callerLabel(conversation.callerNumber),
    optedOut: summarize(thread).optedOut,
    outcome: conversation.outcome,
    valueCents: conversation.valueCents,
    items: [...thread.items].sort(compareItems).map((threadItem) => itemView(threadItem, threadItem.smsId ? statuses.get(threadItem.smsId) : undefined)),
  };
}

export interface SummaryRow extends ThreadSummary {
  id: string;
  callerNumber: string;
  lastActivityAt: Date;
}

export function summaryView(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    callerNumber: row.callerNumber,
    callerLabel: callerLabel(row.callerNumber),
    lastActivityAt: row.lastActivityAt.toISOString(),
    preview: row.preview,
    unreadCount: row.unreadCount,
    optedOut: row.optedOut,
  };
}

// ---- The list's cursor: the last row's (last activity, id), opaque to the client ----

export interface ListCursor {
  lastActivityAt: Date;
  id: string;
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`${cursor.lastActivityAt.toISOString()}|${cursor.id}`, "utf8").toString("base64url");
}

/** undefined when the text is not a cursor this API gave out. */
export function decodeCursor(text: string): ListCursor | undefined {
  const [at, id, extra] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (at === undefined || id === undefined || extra !== undefined || !isUuid(id)) return undefined;
  const lastActivityAt = new Date(at);
  if (Number.isNaN(lastActivityAt.getTime()) || lastActivityAt.toISOString() !== at) return undefined;
  return { lastActivityAt, id: id.toLowerCase() };
}
