// Events as telephony, messaging and business publish them (see their `append("...")` calls),
// built for tests and benchmarks: one missed call and its text's life, a business, a generated
// history over many businesses and days.

import { messagingV1, telephonyV1, timestampFromDate, type EventPayloadInit, type EventType } from "@rebound/contracts";
import { randomUUID } from "node:crypto";

export interface HistoryEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  key: string;
  at: Date;
  payload: EventPayloadInit<T>;
}

function event<T extends EventType>(type: T, key: string, at: Date, payload: EventPayloadInit<T>): HistoryEvent {
  return { id: randomUUID(), type, key, at, payload } as unknown as HistoryEvent;
}

const ts = (at: Date) => timestampFromDate(at);
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

export interface BusinessInit {
  businessId: string;
  userId: string;
  timeZone?: string;
  averageClientValue?: number;
  closeRatePercent?: number;
  at?: Date;
}

export function businessCreated(init: BusinessInit): HistoryEvent {
  const at = init.at ?? new Date("2026-01-01T00:00:00Z");
  return event("BusinessCreated", init.businessId, at, {
    businessId: init.businessId,
    userId: init.userId,
    settings: { timeZone: init.timeZone ?? "America/New_York", averageClientValue: init.averageClientValue, closeRatePercent: init.closeRatePercent },
    createdAt: ts(at),
  });
}

export function settingsUpdated(init: BusinessInit & { at: Date }): HistoryEvent {
  return event("BusinessSettingsUpdated", init.businessId, init.at, {
    businessId: init.businessId,
    userId: init.userId,
    settings: { timeZone: init.timeZone ?? "America/New_York", averageClientValue: init.averageClientValue, closeRatePercent: init.closeRatePercent },
    updatedAt: ts(init.at),
  });
}

export type TextOutcome = "delivered" | "sent" | "failed" | "undelivered" | "queued";
export type CallOutcome = TextOutcome | { suppressed: messagingV1.SuppressionReason } | "no-caller-id" | "forwarding-test";

export interface MissedCallInit {
  businessId: string;
  at: Date;
  callerNumber?: string;
  outcome: CallOutcome;
  /** ms from the call to the provider's acceptance, and to delivery. */
  sentAfterMs?: number;
  deliveredAfterMs?: number;
  /** The carrier's error code of a failed text (default 30003). */
  errorCode?: string;
  message?: string;
  /** The caller texts back this long after the text (kind OTHER). */
  replyAfterMs?: number;
  callId?: string;
  smsId?: string;
}

export interface MissedCall {
  callId: string;
  smsId: string;
  events: HistoryEvent[];
}

/** A forwarded call and everything that follows it, in the order the producers publish it. */
export function missedCall(init: MissedCallInit): MissedCall {
  const { businessId, at, outcome } = init;
  const callId = init.callId ?? randomUUID();
  const smsId = init.smsId ?? randomUUID();
  const caller = init.callerNumber ?? "+12125550100";
  const dedicated = "+13105550199";
  const events: HistoryEvent[] = [
    event("CallReceived", businessId, at, {
      callId,
      businessId,
      callSid: `CA${callId.replace(/-/g, "")}`,
      callerNumber: outcome === "no-caller-id" ? "Anonymous" : caller,
      toNumber: dedicated,
      direction: telephonyV1.CallDirection.INBOUND,
      callStatus: "ringing",
      purpose: outcome === "forwarding-test" ? telephonyV1.CallPurpose.FORWARDING_TEST : telephonyV1.CallPurpose.MISSED_CALL,
      wasAnswered: false,
      receivedAt: ts(at),
    }),
  ];
  if (outcome === "no-caller-id" || outcome === "forwarding-test") return { callId, smsId, events };
  events.push(
    event("CallMissed", businessId, at, {
      callId,
      businessId,
      callSid: `CA${callId.replace(/-/g, "")}`,
      callerNumber: caller,
      dedicatedNumber: dedicated,
      occurredAt: ts(at),
    }),
  );
  if (typeof outcome === "object") {
    const suppressedAt = plus(at, 20);
    events.push(
      event("SmsSuppressed", businessId, suppressedAt, {
        businessId,
        callId,
        recipientNumber: caller,
        reason: outcome.suppressed,
        suppressedAt: ts(suppressedAt),
      }),
    );
    return { callId, smsId, events };
  }
  const queuedAt = plus(at, 30);
  events.push(
    event("SmsQueued", businessId, queuedAt, {
      smsId,
      businessId,
      callId,
      recipientNumber: caller,
      senderNumber: dedicated,
      body: init.message ?? "Thanks for calling! We missed your call but will get back to you soon.",
      kind: messagingV1.SmsKind.MISSED_CALL,
      queuedAt: ts(queuedAt),
    }),
  );
  if (outcome === "queued") return { callId, smsId, events };
  const sentAt = plus(at, init.sentAfterMs ?? 800);
  const sid = `SM${smsId.replace(/-/g, "")}`;
  if (outcome === "failed") {
    events.push(
      event("SmsStatusChanged", businessId, sentAt, {
        smsId,
        businessId,
        providerSid: "",
        status: messagingV1.SmsStatus.FAILED,
        errorCode: init.errorCode ?? "30003",
        changedAt: ts(sentAt),
        callId,
      }),
    );
    return { callId, smsId, events };
  }
  events.push(event("SmsSent", businessId, sentAt, { smsId, businessId, callId, providerSid: sid, sentAt: ts(sentAt) }));
  if (outcome === "sent") return { callId, smsId, events };
  const doneAt = plus(at, init.deliveredAfterMs ?? 4_000);
  const status = outcome === "delivered" ? messagingV1.SmsStatus.DELIVERED : messagingV1.SmsStatus.UNDELIVERED;
  events.push(event("SmsStatusChanged", businessId, doneAt, { smsId, businessId, providerSid: sid, status, changedAt: ts(doneAt), callId }));
  if (init.replyAfterMs !== undefined) {
    const repliedAt = plus(sentAt, init.replyAfterMs);
    events.push(inbound(businessId, caller, repliedAt, messagingV1.InboundKind.OTHER));
  }
  return { callId, smsId, events };
}

export function inbound(businessId: string, from: string, at: Date, kind: messagingV1.InboundKind, body = "Can you call me back?"): HistoryEvent {
  return event("InboundSmsReceived", businessId, at, {
    businessId,
    messageSid: `SM${randomUUID().replace(/-/g, "")}`,
    fromNumber: from,
    toNumber: "+13105550199",
    body,
    kind,
    receivedAt: ts(at),
  });
}

export function optedOut(businessId: string, caller: string, at: Date): HistoryEvent[] {
  return [
    inbound(businessId, caller, at, messagingV1.InboundKind.OPT_OUT, "STOP"),
    event("CallerOptedOut", businessId, at, {
      businessId,
      callerNumber: caller,
      keyword: "STOP",
      source: messagingV1.OptOutSource.KEYWORD,
      optedOutAt: ts(at),
    }),
  ];
}

/**
 * A text the business answers an inbound text with (messaging's TwiML reply: SmsQueued and SmsSent
 * together, no call), then its delivery. kind: HELP, COMPLIANCE (STOP/START) or AUTO_REPLY.
 */
export function replyText(businessId: string, to: string, at: Date, kind: messagingV1.SmsKind, body = "Reply"): HistoryEvent[] {
  const smsId = randomUUID();
  const common = { smsId, businessId, callId: "" };
  const deliveredAt = plus(at, 3_000);
  return [
    event("SmsQueued", businessId, at, { ...common, recipientNumber: to, senderNumber: "+13105550199", body, kind, queuedAt: ts(at) }),
    event("SmsSent", businessId, at, { ...common, providerSid: "", sentAt: ts(at) }),
    event("SmsStatusChanged", businessId, deliveredAt, {
      ...common,
      providerSid: `SM${smsId.replace(/-/g, "")}`,
      status: messagingV1.SmsStatus.DELIVERED,
      changedAt: ts(deliveredAt),
    }),
  ];
}

/** The owner marks (or clears: UNSPECIFIED) a conversation's outcome in the inbox, as messaging publishes it. */
export function outcomeSet(businessId: string, callerNumber: string, at: Date, outcome: messagingV1.ConversationOutcome, valueCents = 0): HistoryEvent {
  return event("ConversationOutcomeSet", businessId, at, { businessId, callerNumber, outcome, valueCents: BigInt(valueCents), setAt: ts(at) });
}

/** The owner's own reply from the inbox (kind OWNER_REPLY), queued, sent and delivered. */
export function ownerReply(businessId: string, to: string, at: Date, body = "Sure, when suits you?"): HistoryEvent[] {
  return replyText(businessId, to, at, messagingV1.SmsKind.OWNER_REPLY, body);
}

const OUTCOMES = [
  messagingV1.ConversationOutcome.BOOKED,
  messagingV1.ConversationOutcome.BOOKED,
  messagingV1.ConversationOutcome.LOST,
  messagingV1.ConversationOutcome.NOT_A_LEAD,
  messagingV1.ConversationOutcome.UNSPECIFIED,
];

/** A deterministic pseudo-random generator (mulberry32), so a generated history is reproducible. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Asia/Kolkata"];
const REASONS = [
  messagingV1.SuppressionReason.CAP_REACHED,
  messagingV1.SuppressionReason.OPTED_OUT,
  messagingV1.SuppressionReason.DUPLICATE_WINDOW,
  messagingV1.SuppressionReason.INACTIVE,
];

export interface GeneratedHistory {
  businesses: { businessId: string; userId: string }[];
  events: HistoryEvent[];
}

/**
 * `businesses` businesses over `days` days up to `end`: calls of every outcome, replies,
 * opt-outs and HELP with their answers, the owner's replies and conversation outcomes (marked, re-marked
 * at the same instant or later, cleared), settings changes, in time order (as the producers would have published them).
 */
export function generateHistory(options: { businesses: number; days: number; minEvents: number; end: Date; seed?: number }): GeneratedHistory {
  const random = seeded(options.seed ?? 14);
  const businesses = Array.from({ length: options.businesses }, (_unused, index) => ({
    businessId: randomUUID(),
    userId: randomUUID(),
    timeZone: ZONES[index % ZONES.length] as string,
  }));
  const start = options.end.getTime() - options.days * 86_400_000;
  const events: HistoryEvent[] = businesses.map((business) => businessCreated({ ...business, at: new Date(start - 60_000) }));
  while (events.length < options.minEvents) {
    const business = businesses[Math.floor(random() * businesses.length)] as (typeof businesses)[number];
    const at = new Date(start + Math.floor(random() * options.days * 86_400_000));
    const roll = random();
    const caller = `+1212555${String(Math.floor(random() * 10_000)).padStart(4, "0")}`;
    if (roll < 0.02) {
      events.push(settingsUpdated({ ...business, at, averageClientValue: 100 + Math.floor(random() * 900), closeRatePercent: Math.floor(random() * 60) }));
      continue;
    }
    if (roll < 0.03) {
      events.push(
        ...optedOut(business.businessId, caller, at),
        ...replyText(business.businessId, caller, at, messagingV1.SmsKind.COMPLIANCE, "You are unsubscribed."),
      );
      continue;
    }
    if (roll < 0.04) {
      events.push(
        inbound(business.businessId, caller, at, messagingV1.InboundKind.HELP, "HELP"),
        ...replyText(business.businessId, caller, at, messagingV1.SmsKind.HELP, "Reply STOP to stop."),
      );
      continue;
    }
    const outcome: CallOutcome =
      roll < 0.6
        ? "delivered"
        : roll < 0.7
          ? "sent"
          : roll < 0.76
            ? "failed"
            : roll < 0.8
              ? "undelivered"
              : roll < 0.9
                ? { suppressed: REASONS[Math.floor(random() * REASONS.length)] as messagingV1.SuppressionReason }
                : roll < 0.95
                  ? "no-caller-id"
                  : "queued";
    const reply = random() < 0.3 ? Math.floor(random() * 3_600_000) : undefined;
    events.push(
      ...missedCall({
        businessId: business.businessId,
        at,
        callerNumber: caller,
        outcome,
        sentAfterMs: 300 + Math.floor(random() * 3_000),
        deliveredAfterMs: 3_500 + Math.floor(random() * 10_000),
        replyAfterMs: reply,
      }).events,
    );
    if (reply !== undefined && random() < 0.6) {
      const repliedAt = at.getTime() + 4_000 + reply;
      events.push(...ownerReply(business.businessId, caller, new Date(repliedAt + Math.floor(random() * 7_200_000))));
      const marks = 1 + Math.floor(random() * 3);
      for (let mark = 0; mark < marks; mark += 1) {
        // A second mark sometimes at the very same instant: the tie must resolve the same way in any order.
        const markedAt = new Date(repliedAt + 86_400_000 + (random() < 0.3 ? 0 : Math.floor(random() * 86_400_000)));
        const outcome = OUTCOMES[Math.floor(random() * OUTCOMES.length)] as messagingV1.ConversationOutcome;
        const valueCents = outcome === messagingV1.ConversationOutcome.BOOKED ? Math.floor(random() * 500_000) : 0;
        events.push(outcomeSet(business.businessId, caller, markedAt, outcome, valueCents));
      }
    }
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { businesses, events };
}
