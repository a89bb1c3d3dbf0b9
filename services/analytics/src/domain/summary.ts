// GET /api/analytics/summary's figures from the facts of a range. Pure; every figure's definition
// is in the service's README (API docs) and beside its computation here.

import { localDate, datesBetween } from "./local-days";
import type { TextStatus } from "./projection-rows";

/** The calculator's defaults (docs/product.md section 2, Calculator). */
export const DEFAULT_AVERAGE_CLIENT_VALUE = 500;
export const DEFAULT_CLOSE_RATE_PERCENT = 25;

export interface SummaryFacts {
  calls: { callId: string; callerNumber: string; answered: boolean; textable: boolean; occurredAt: number }[];
  /** Texts about the range's calls. */
  texts: { callId: string; recipientNumber: string; status: TextStatus; sentAt: number | null; deliveredAt: number | null }[];
  suppressions: { callId: string; reason: string }[];
  /** Inbound messages from the range's start on. */
  inbound: { fromNumber: string; kind: string; receivedAt: number }[];
  /** The owner's replies (texts of kind owner_reply) from the range's start on, by when they were queued. */
  ownerReplies: { recipientNumber: string; at: number }[];
  /** Conversations whose latest outcome was set in the range (one per caller; "" = cleared). */
  outcomes: { callerNumber: string; outcome: string; valueCents: number; setAt: number }[];
}

export interface SummaryInput {
  timeZone: string;
  /** Local dates, both included. */
  from: string;
  to: string;
  averageClientValue: number | null;
  closeRatePercent: number | null;
}

export interface DailyFigures {
  date: string;
  calls: number;
  missed: number;
  texted: number;
  delivered: number;
  replies: number;
}

export interface Distribution {
  count: number;
  medianSeconds: number | null;
  p95Seconds: number | null;
}

export interface Summary {
  range: { from: string; to: string; timeZone: string };
  totals: Omit<DailyFigures, "date">;
  daily: DailyFigures[];
  textBack: {
    rate: number | null;
    missed: number;
    texted: number;
    notTexted: { suppressed: Record<string, number>; noCallerId: number; failed: number; pending: number };
  };
  secondsToSent: Distribution;
  secondsToDelivered: Distribution;
  callersWhoReplied: number;
  /** Distinct callers texted about a missed call of the range (missed-call and after-hours texts). */
  callersTexted: number;
  /** callersWhoReplied / callersTexted, 0..1; null when nobody was texted. */
  replyRate: number | null;
  /** From a replying caller's first reply to the owner's next reply to them; one value per such conversation the owner answered. */
  secondsToOwnerReply: Distribution;
  /** Conversations whose latest outcome is booked, measured: how many and the sum of their values in cents. */
  booked: { count: number; valueCents: number };
  revenue: { estimated: number; averageClientValue: number; closeRatePercent: number; usesDefaults: boolean };
}

/** A text that reached the carrier: accepted (sent), or with a delivery outcome after that. */
export function isTexted(text: { status: TextStatus; sentAt: number | null }): boolean {
  return text.sentAt !== null || text.status === "sent" || text.status === "delivered" || text.status === "undelivered";
}

const seconds = (ms: number) => Math.round(ms) / 1000;

/** Median (mean of the middle two for an even count) and p95 (nearest rank), in seconds to the millisecond. */
export function distribution(valuesMs: number[]): Distribution {
  if (valuesMs.length === 0) return { count: 0, medianSeconds: null, p95Seconds: null };
  const sorted = [...valuesMs].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n % 2 === 1 ? (sorted[(n - 1) / 2] as number) : ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number)) / 2;
  const p95 = sorted[Math.ceil(0.95 * n) - 1] as number;
  return { count: n, medianSeconds: seconds(median), p95Seconds: seconds(p95) };
}

export function computeSummary(facts: SummaryFacts, input: SummaryInput): Summary {
  const { timeZone, from, to } = input;
  const days = new Map<string, DailyFigures>(datesBetween(from, to).map((date) => [date, { date, calls: 0, missed: 0, texted: 0, delivered: 0, replies: 0 }]));
  const dayOf = (atMs: number) => days.get(localDate(timeZone, atMs));

  // The text about each call (at most one per call: messaging texts a call once); texted wins if several.
  const textOf = new Map<string, SummaryFacts["texts"][number]>();
  for (const text of facts.texts) {
    const known = textOf.get(text.callId);
    if (!known || (!isTexted(known) && isTexted(text))) textOf.set(text.callId, text);
  }
  const reasonOf = new Map(facts.suppressions.map((row) => [row.callId, row.reason]));

  const suppressed: Record<string, number> = {};
  let missed = 0;
  let texted = 0;
  let noCallerId = 0;
  let failed = 0;
  let pending = 0;
  const toSent: number[] = [];
  const toDelivered: number[] = [];
  /** Callers texted about a missed call, with the time of their first text. */
  const textedCallers = new Map<string, number>();

  for (const call of facts.calls) {
    const day = dayOf(call.occurredAt);
    if (!day) continue;
    day.calls += 1;
    if (call.answered) continue;
    day.missed += 1;
    missed += 1;
    const text = textOf.get(call.callId);
    if (text && isTexted(text)) {
      day.texted += 1;
      texted += 1;
      if (text.sentAt !== null) toSent.push(text.sentAt - call.occurredAt);
      if (text.status === "delivered" && text.deliveredAt !== null) {
        day.delivered += 1;
        toDelivered.push(text.deliveredAt - call.occurredAt);
      }
      const firstAt = text.sentAt ?? call.occurredAt;
      const number = text.recipientNumber || call.callerNumber;
      textedCallers.set(number, Math.min(textedCallers.get(number) ?? firstAt, firstAt));
      continue;
    }
    const reason = reasonOf.get(call.callId);
    if (reason) suppressed[reason] = (suppressed[reason] ?? 0) + 1;
    else if (!call.textable) noCallerId += 1;
    else if (text && (text.status === "failed" || text.status === "undelivered")) failed += 1;
    else pending += 1;
  }

  /** Callers who replied (kind other: not STOP/START/HELP) after their text, with the time of their first such reply. */
  const firstReplyOf = new Map<string, number>();
  for (const message of facts.inbound) {
    if (message.kind !== "other") continue;
    const day = dayOf(message.receivedAt);
    if (day) day.replies += 1;
    const textedAt = textedCallers.get(message.fromNumber);
    if (textedAt !== undefined && message.receivedAt >= textedAt) {
      firstReplyOf.set(message.fromNumber, Math.min(firstReplyOf.get(message.fromNumber) ?? message.receivedAt, message.receivedAt));
    }
  }
  const repliers = new Set(firstReplyOf.keys());

  // The owner's next reply after each caller's first reply: its delay, per conversation the owner answered.
  const ownerRepliesTo = new Map<string, number[]>();
  for (const reply of facts.ownerReplies) {
    if (!firstReplyOf.has(reply.recipientNumber)) continue;
    ownerRepliesTo.set(reply.recipientNumber, [...(ownerRepliesTo.get(reply.recipientNumber) ?? []), reply.at]);
  }
  const toOwnerReply: number[] = [];
  for (const [number, repliedAt] of firstReplyOf) {
    const after = (ownerRepliesTo.get(number) ?? []).filter((at) => at >= repliedAt);
    if (after.length > 0) toOwnerReply.push(Math.min(...after) - repliedAt);
  }

  const booked = { count: 0, valueCents: 0 };
  for (const outcome of facts.outcomes) {
    if (outcome.outcome !== "booked") continue;
    booked.count += 1;
    booked.valueCents += outcome.valueCents;
  }

  const daily = [...days.values()];
  const totals = daily.reduce(
    (sum, day) => ({
      calls: sum.calls + day.calls,
      missed: sum.missed + day.missed,
      texted: sum.texted + day.texted,
      delivered: sum.delivered + day.delivered,
      replies: sum.replies + day.replies,
    }),
    { calls: 0, missed: 0, texted: 0, delivered: 0, replies: 0 },
  );
  const averageClientValue = input.averageClientValue ?? DEFAULT_AVERAGE_CLIENT_VALUE;
  const closeRatePercent = input.closeRatePercent ?? DEFAULT_CLOSE_RATE_PERCENT;
  return {
    range: { from, to, timeZone },
    totals,
    daily,
    textBack: {
      rate: missed === 0 ? null : Math.round((texted / missed) * 10_000) / 10_000,
      missed,
      texted,
      notTexted: { suppressed, noCallerId, failed, pending },
    },
    secondsToSent: distribution(toSent),
    secondsToDelivered: distribution(toDelivered),
    callersWhoReplied: repliers.size,
    callersTexted: textedCallers.size,
    replyRate: textedCallers.size === 0 ? null : Math.round((repliers.size / textedCallers.size) * 10_000) / 10_000,
    secondsToOwnerReply: distribution(toOwnerReply),
    booked,
    revenue: {
      estimated: Math.round((repliers.size * closeRatePercent * averageClientValue) / 100),
      averageClientValue,
      closeRatePercent,
      usesDefaults: input.averageClientValue === null || input.closeRatePercent === null,
    },
  };
}
