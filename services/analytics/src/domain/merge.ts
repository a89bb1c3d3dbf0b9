// Folding facts into rows. Every merge is order-independent (a row's final state depends only on
// the set of facts applied), so events that race across topics, and a replay from zero, end in
// the same rows. Duplicates never reach here (processed_events), and a repeated fact changes
// nothing anyway.

import { DEFAULT_TIME_ZONE } from "@rebound/contracts/domain";
import type { Fact } from "./facts";
import {
  TEXT_STATUS_RANK,
  type BusinessRow,
  type CallRow,
  type InboundRow,
  type OptOutRow,
  type OutcomeRow,
  type SuppressionRow,
  type TextRow,
  type TextStatus,
} from "./projection-rows";

type FactOf<T extends Fact["table"]> = Extract<Fact, { table: T }>;

const minOf = (a: number | null, b: number): number => (a === null ? b : Math.min(a, b));
const higher = (a: TextStatus, b: TextStatus): TextStatus => (TEXT_STATUS_RANK[b] > TEXT_STATUS_RANK[a] ? b : a);

/** The row key of a fact, unique within its table. */
export function factKey(fact: Fact): string {
  switch (fact.table) {
    case "businesses":
      return fact.businessId;
    case "calls":
    case "suppressions":
      return `${fact.businessId}/${fact.callId}`;
    case "texts":
      return `${fact.businessId}/${fact.smsId}`;
    case "inbound":
      return `${fact.businessId}/${fact.messageSid}`;
    case "optOuts":
      return `${fact.businessId}/${fact.eventId}`;
    case "outcomes":
      return `${fact.businessId}/${fact.callerNumber}`;
    default: {
      const unexpected: never = fact;
      throw new Error(`unknown fact ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * The newest settings snapshot wins (by its own time; on a tie the larger value, so the outcome
 * never depends on arrival order). The owner never changes.
 */
export function mergeBusiness(row: BusinessRow | null, fact: FactOf<"businesses">): BusinessRow {
  const base: BusinessRow = row ?? {
    businessId: fact.businessId,
    userId: null,
    timeZone: DEFAULT_TIME_ZONE,
    averageClientValue: null,
    closeRatePercent: null,
    settingsAt: null,
  };
  const userId = base.userId ?? (fact.userId || null);
  const settings = fact.settings;
  if (!settings) return { ...base, userId };
  const incoming = {
    timeZone: settings.timeZone || DEFAULT_TIME_ZONE,
    averageClientValue: settings.averageClientValue,
    closeRatePercent: settings.closeRatePercent,
    settingsAt: settings.at,
  };
  const current = {
    timeZone: base.timeZone,
    averageClientValue: base.averageClientValue,
    closeRatePercent: base.closeRatePercent,
    settingsAt: base.settingsAt,
  };
  const newer =
    current.settingsAt === null ||
    incoming.settingsAt > current.settingsAt ||
    (incoming.settingsAt === current.settingsAt && JSON.stringify(incoming) > JSON.stringify(current));
  return { ...base, userId, ...(newer ? incoming : current) };
}

/** CallReceived is the call's record; CallMissed only fills what CallReceived has not said. */
export function mergeCall(row: CallRow | null, fact: FactOf<"calls">): CallRow {
  const base: CallRow = row ?? {
    businessId: fact.businessId,
    callId: fact.callId,
    callSid: "",
    callerNumber: "",
    callStatus: "",
    answered: false,
    received: false,
    textable: false,
    occurredAt: fact.at,
  };
  const occurredAt = Math.min(base.occurredAt, fact.at);
  if (fact.kind === "received") {
    return {
      ...base,
      callSid: fact.callSid || base.callSid,
      callerNumber: fact.callerNumber || base.callerNumber,
      callStatus: fact.callStatus,
      answered: fact.answered,
      received: true,
      occurredAt,
    };
  }
  return {
    ...base,
    callSid: base.received ? base.callSid : base.callSid || fact.callSid,
    callerNumber: base.received ? base.callerNumber : base.callerNumber || fact.callerNumber,
    textable: true,
    occurredAt,
  };
}

/**
 * The error code a text keeps, whatever order its failure reports arrive in (a text normally has one):
 * the smaller non-empty code, so the merge stays order-independent.
 */
function failureCode(base: TextRow, fact: Extract<FactOf<"texts">, { kind: "status" }>): string {
  if (!fact.errorCode) return base.errorCode;
  if (!base.errorCode) return fact.errorCode;
  return fact.errorCode < base.errorCode ? fact.errorCode : base.errorCode;
}

/** Status only moves up TEXT_STATUS_RANK; each milestone keeps its earliest time. */
export function mergeText(row: TextRow | null, fact: FactOf<"texts">): TextRow {
  const base: TextRow = row ?? {
    businessId: fact.businessId,
    smsId: fact.smsId,
    callId: "",
    recipientNumber: "",
    message: "",
    kind: "",
    status: "queued",
    at: fact.at,
    queuedAt: null,
    sentAt: null,
    deliveredAt: null,
    failedAt: null,
    errorCode: "",
  };
  const common = { callId: base.callId || fact.callId, at: Math.min(base.at, fact.at) };
  switch (fact.kind) {
    case "queued":
      return {
        ...base,
        ...common,
        recipientNumber: fact.recipientNumber,
        message: fact.message,
        kind: fact.textKind,
        queuedAt: minOf(base.queuedAt, fact.at),
      };
    case "sent":
      return { ...base, ...common, status: higher(base.status, "sent"), sentAt: minOf(base.sentAt, fact.at) };
    case "status": {
      const next: TextRow = { ...base, ...common, status: higher(base.status, fact.status) };
      if (fact.status === "sent") next.sentAt = minOf(base.sentAt, fact.at);
      if (fact.status === "delivered") next.deliveredAt = minOf(base.deliveredAt, fact.at);
      if (fact.status === "failed" || fact.status === "undelivered") {
        next.failedAt = minOf(base.failedAt, fact.at);
        next.errorCode = failureCode(base, fact);
      }
      return next;
    }
    default: {
      const unexpected: never = fact;
      throw new Error(`unknown text fact ${JSON.stringify(unexpected)}`);
    }
  }
}

/** One decision per call: the earliest wins (on a tie, the smaller reason). */
export function mergeSuppression(row: SuppressionRow | null, fact: FactOf<"suppressions">): SuppressionRow {
  const incoming: SuppressionRow = {
    businessId: fact.businessId,
    callId: fact.callId,
    recipientNumber: fact.recipientNumber,
    reason: fact.reason,
    suppressedAt: fact.at,
  };
  if (!row) return incoming;
  const keep = row.suppressedAt < incoming.suppressedAt || (row.suppressedAt === incoming.suppressedAt && row.reason <= incoming.reason);
  return keep ? row : incoming;
}

/** Inbound messages and opt-outs are facts of one event each: the first copy is the row. */
export function mergeInbound(row: InboundRow | null, fact: FactOf<"inbound">): InboundRow {
  return row ?? { businessId: fact.businessId, messageSid: fact.messageSid, fromNumber: fact.fromNumber, kind: fact.kind, receivedAt: fact.at };
}

export function mergeOptOut(row: OptOutRow | null, fact: FactOf<"optOuts">): OptOutRow {
  return row ?? { businessId: fact.businessId, eventId: fact.eventId, callerNumber: fact.callerNumber, source: fact.source, optedOutAt: fact.at };
}

/**
 * A conversation's outcome: the latest set_at wins (on a tie, the larger value, so the outcome never
 * depends on arrival order). A cleared outcome ("") is kept as the latest word.
 */
export function mergeOutcome(row: OutcomeRow | null, fact: FactOf<"outcomes">): OutcomeRow {
  const incoming: OutcomeRow = {
    businessId: fact.businessId,
    callerNumber: fact.callerNumber,
    outcome: fact.outcome,
    valueCents: fact.valueCents,
    setAt: fact.at,
  };
  if (!row) return incoming;
  const newer = incoming.setAt > row.setAt || (incoming.setAt === row.setAt && JSON.stringify(incoming) > JSON.stringify(row));
  return newer ? incoming : row;
}

// ---- counters: each row contributes to its business's running totals -------------------------

export type Contribution = Record<string, number>;

export function callContribution(row: CallRow): Contribution {
  return { calls: 1, missed_calls: row.answered ? 0 : 1 };
}

/**
 * The kinds of text the owner's figures leave out: the answers to HELP and to STOP/START that the
 * carrier rules require (docs/product.md: owners see "messages sent", the texts their settings send: the
 * missed-call and after-hours texts and the SMS auto-reply), and the callers' replies forwarded to the
 * owner's own mobile (not texts to callers). A text whose SmsQueued has not arrived yet (kind unknown)
 * counts until it does.
 */
export const UNCOUNTED_TEXT_KINDS: readonly string[] = ["help", "compliance", "owner_forward"];

export function isCountedText(row: Pick<TextRow, "kind">): boolean {
  return !UNCOUNTED_TEXT_KINDS.includes(row.kind);
}

export function textContribution(row: TextRow): Contribution {
  if (!isCountedText(row)) return {};
  const accepted = row.sentAt !== null || row.status === "sent" || row.status === "delivered" || row.status === "undelivered";
  return {
    texts: 1,
    texts_sent: accepted ? 1 : 0,
    texts_delivered: row.status === "delivered" ? 1 : 0,
    texts_failed: row.status === "failed" || row.status === "undelivered" ? 1 : 0,
  };
}

export function suppressionContribution(row: SuppressionRow): Contribution {
  return { suppressed: 1, [`suppressed:${row.reason}`]: 1 };
}

export function inboundContribution(row: InboundRow): Contribution {
  return { inbound: 1, replies: row.kind === "other" ? 1 : 0 };
}

export function optOutContribution(_row: OptOutRow): Contribution {
  return { opt_outs: 1 };
}

/** after - before, without zero entries. */
export function contributionDelta(before: Contribution | null, after: Contribution): Contribution {
  const delta: Contribution = {};
  for (const name of new Set([...Object.keys(before ?? {}), ...Object.keys(after)])) {
    const change = (after[name] ?? 0) - (before?.[name] ?? 0);
    if (change !== 0) delta[name] = change;
  }
  return delta;
}
