// Events -> facts: what each event says about one projection row. Pure; the event's id is kept
// for rows that are one per event (opt-outs).

import { type businessV1, messagingV1, telephonyV1, timestampDate, type EventEnvelope } from "@rebound/contracts";
import type { TextStatus } from "./projection-rows";

type Timestamp = Parameters<typeof timestampDate>[0];

/** The event types the projections are built from. */
export const PROJECTED_EVENT_TYPES = [
  "BusinessCreated",
  "BusinessSettingsUpdated",
  "CallReceived",
  "CallMissed",
  "SmsQueued",
  "SmsSent",
  "SmsStatusChanged",
  "SmsSuppressed",
  "InboundSmsReceived",
  "CallerOptedOut",
  "ConversationOutcomeSet",
] as const;
export type ProjectedEventType = (typeof PROJECTED_EVENT_TYPES)[number];
export type ProjectedEvent = { [T in ProjectedEventType]: EventEnvelope<T> }[ProjectedEventType];

export function isProjectedEvent(event: EventEnvelope): event is ProjectedEvent {
  return (PROJECTED_EVENT_TYPES as readonly string[]).includes(event.type);
}

export type Fact =
  | { table: "businesses"; businessId: string; userId: string; settings: BusinessSettingsFact | null }
  | {
      table: "calls";
      kind: "received";
      businessId: string;
      callId: string;
      callSid: string;
      callerNumber: string;
      callStatus: string;
      answered: boolean;
      at: number;
    }
  | { table: "calls"; kind: "missed"; businessId: string; callId: string; callSid: string; callerNumber: string; at: number }
  | {
      table: "texts";
      kind: "queued";
      businessId: string;
      smsId: string;
      callId: string;
      recipientNumber: string;
      message: string;
      textKind: string;
      at: number;
    }
  | { table: "texts"; kind: "sent"; businessId: string; smsId: string; callId: string; at: number }
  | { table: "texts"; kind: "status"; businessId: string; smsId: string; callId: string; status: TextStatus; at: number; errorCode: string }
  | { table: "suppressions"; businessId: string; callId: string; recipientNumber: string; reason: string; at: number }
  | { table: "inbound"; businessId: string; messageSid: string; fromNumber: string; kind: string; at: number }
  | { table: "optOuts"; businessId: string; eventId: string; callerNumber: string; source: string; at: number }
  | { table: "outcomes"; businessId: string; callerNumber: string; outcome: string; valueCents: number; at: number };

export interface BusinessSettingsFact {
  timeZone: string;
  averageClientValue: number | null;
  closeRatePercent: number | null;
  at: number;
}

/** An event without a time (never written by our producers) falls back to its envelope's occurred-at. */
function millis(timestamp: Timestamp | undefined, event: { occurredAt: Date }): number {
  return (timestamp ? timestampDate(timestamp) : event.occurredAt).getTime();
}

const SMS_STATUS: Readonly<Record<messagingV1.SmsStatus, TextStatus | null>> = {
  [messagingV1.SmsStatus.UNSPECIFIED]: null,
  [messagingV1.SmsStatus.QUEUED]: "queued",
  [messagingV1.SmsStatus.SENDING]: "sending",
  [messagingV1.SmsStatus.SENT]: "sent",
  [messagingV1.SmsStatus.DELIVERED]: "delivered",
  [messagingV1.SmsStatus.UNDELIVERED]: "undelivered",
  [messagingV1.SmsStatus.FAILED]: "failed",
};

const SMS_KIND: Readonly<Record<messagingV1.SmsKind, string>> = {
  [messagingV1.SmsKind.UNSPECIFIED]: "",
  [messagingV1.SmsKind.MISSED_CALL]: "missed_call",
  [messagingV1.SmsKind.AFTER_HOURS]: "after_hours",
  [messagingV1.SmsKind.AUTO_REPLY]: "auto_reply",
  [messagingV1.SmsKind.HELP]: "help",
  [messagingV1.SmsKind.COMPLIANCE]: "compliance",
  [messagingV1.SmsKind.OWNER_REPLY]: "owner_reply",
  [messagingV1.SmsKind.OWNER_FORWARD]: "owner_forward",
};

/** Reason names in the API; a reason added to the contract later reads reason_<number> until named here. */
export const SUPPRESSION_REASONS: Readonly<Partial<Record<messagingV1.SuppressionReason, string>>> = {
  [messagingV1.SuppressionReason.UNSPECIFIED]: "unspecified",
  [messagingV1.SuppressionReason.INACTIVE]: "inactive",
  [messagingV1.SuppressionReason.NO_SUBSCRIPTION]: "no_subscription",
  [messagingV1.SuppressionReason.CAP_REACHED]: "cap_reached",
  [messagingV1.SuppressionReason.OPTED_OUT]: "opted_out",
  [messagingV1.SuppressionReason.DUPLICATE_WINDOW]: "duplicate_window",
  [messagingV1.SuppressionReason.OWN_NUMBER]: "own_number",
  [messagingV1.SuppressionReason.UNKNOWN_BUSINESS]: "unknown_business",
  [messagingV1.SuppressionReason.WITHHELD_CALLER_ID]: "withheld_caller_id",
  [messagingV1.SuppressionReason.INTERNATIONAL]: "international",
  [messagingV1.SuppressionReason.LIKELY_SPOOFED]: "likely_spoofed",
  [messagingV1.SuppressionReason.LANDLINE]: "landline",
  [messagingV1.SuppressionReason.REGISTRATION_PENDING]: "registration_pending",
  [messagingV1.SuppressionReason.TOO_LATE]: "too_late",
};

const INBOUND_KIND: Readonly<Record<messagingV1.InboundKind, string>> = {
  [messagingV1.InboundKind.UNSPECIFIED]: "other",
  [messagingV1.InboundKind.OPT_OUT]: "opt_out",
  [messagingV1.InboundKind.OPT_IN]: "opt_in",
  [messagingV1.InboundKind.HELP]: "help",
  [messagingV1.InboundKind.OTHER]: "other",
};

const OPT_OUT_SOURCE: Readonly<Record<messagingV1.OptOutSource, string>> = {
  [messagingV1.OptOutSource.UNSPECIFIED]: "keyword",
  [messagingV1.OptOutSource.KEYWORD]: "keyword",
  [messagingV1.OptOutSource.CARRIER]: "carrier",
};

/** Outcome names as the conversations API spells them; cleared (UNSPECIFIED) is "". */
const CONVERSATION_OUTCOME: Readonly<Record<messagingV1.ConversationOutcome, string>> = {
  [messagingV1.ConversationOutcome.UNSPECIFIED]: "",
  [messagingV1.ConversationOutcome.BOOKED]: "booked",
  [messagingV1.ConversationOutcome.NOT_A_LEAD]: "not_a_lead",
  [messagingV1.ConversationOutcome.LOST]: "lost",
};

/** value_cents as the int column holds it: messaging caps it far below; anything odd reads 0 or the cap. */
const MAX_VALUE_CENTS = 2_147_483_647;
function valueCentsOf(value: bigint): number {
  if (value <= 0n) return 0;
  return value > BigInt(MAX_VALUE_CENTS) ? MAX_VALUE_CENTS : Number(value);
}

function settingsFact(settings: businessV1.BusinessSettings | undefined, at: number): BusinessSettingsFact | null {
  if (!settings) return null;
  return {
    timeZone: settings.timeZone,
    averageClientValue: settings.averageClientValue ?? null,
    closeRatePercent: settings.closeRatePercent ?? null,
    at,
  };
}

/** The facts one event states; none for events the projections ignore (a forwarding-test call). */
export function factsOf(event: ProjectedEvent): Fact[] {
  switch (event.type) {
    case "BusinessCreated": {
      const p = event.payload;
      return [{ table: "businesses", businessId: p.businessId, userId: p.userId, settings: settingsFact(p.settings, millis(p.createdAt, event)) }];
    }
    case "BusinessSettingsUpdated": {
      const p = event.payload;
      return [{ table: "businesses", businessId: p.businessId, userId: p.userId, settings: settingsFact(p.settings, millis(p.updatedAt, event)) }];
    }
    case "CallReceived": {
      const p = event.payload;
      if (p.purpose === telephonyV1.CallPurpose.FORWARDING_TEST) return [];
      return [
        {
          table: "calls",
          kind: "received",
          businessId: p.businessId,
          callId: p.callId,
          callSid: p.callSid,
          callerNumber: p.callerNumber,
          callStatus: p.callStatus,
          answered: p.wasAnswered,
          at: millis(p.receivedAt, event),
        },
      ];
    }
    case "CallMissed": {
      const p = event.payload;
      return [
        {
          table: "calls",
          kind: "missed",
          businessId: p.businessId,
          callId: p.callId,
          callSid: p.callSid,
          callerNumber: p.callerNumber,
          at: millis(p.occurredAt, event),
        },
      ];
    }
    case "SmsQueued": {
      const p = event.payload;
      return [
        {
          table: "texts",
          kind: "queued",
          businessId: p.businessId,
          smsId: p.smsId,
          callId: p.callId,
          recipientNumber: p.recipientNumber,
          message: p.body,
          textKind: SMS_KIND[p.kind] ?? "",
          at: millis(p.queuedAt, event),
        },
      ];
    }
    case "SmsSent": {
      const p = event.payload;
      return [{ table: "texts", kind: "sent", businessId: p.businessId, smsId: p.smsId, callId: p.callId, at: millis(p.sentAt, event) }];
    }
    case "SmsStatusChanged": {
      const p = event.payload;
      const status = SMS_STATUS[p.status];
      if (!status) return [];
      return [
        {
          table: "texts",
          kind: "status",
          businessId: p.businessId,
          smsId: p.smsId,
          callId: p.callId,
          status,
          at: millis(p.changedAt, event),
          errorCode: p.errorCode,
        },
      ];
    }
    case "SmsSuppressed": {
      const p = event.payload;
      return [
        {
          table: "suppressions",
          businessId: p.businessId,
          callId: p.callId,
          recipientNumber: p.recipientNumber,
          reason: SUPPRESSION_REASONS[p.reason] ?? `reason_${p.reason}`,
          at: millis(p.suppressedAt, event),
        },
      ];
    }
    case "InboundSmsReceived": {
      const p = event.payload;
      return [
        {
          table: "inbound",
          businessId: p.businessId,
          messageSid: p.messageSid,
          fromNumber: p.fromNumber,
          kind: INBOUND_KIND[p.kind] ?? "other",
          at: millis(p.receivedAt, event),
        },
      ];
    }
    case "CallerOptedOut": {
      const p = event.payload;
      return [
        {
          table: "optOuts",
          businessId: p.businessId,
          eventId: event.id,
          callerNumber: p.callerNumber,
          source: OPT_OUT_SOURCE[p.source] ?? "keyword",
          at: millis(p.optedOutAt, event),
        },
      ];
    }
    case "ConversationOutcomeSet": {
      const p = event.payload;
      const outcome = CONVERSATION_OUTCOME[p.outcome] ?? "";
      return [
        {
          table: "outcomes",
          businessId: p.businessId,
          callerNumber: p.callerNumber,
          outcome,
          valueCents: outcome === "booked" ? valueCentsOf(p.valueCents) : 0,
          at: millis(p.setAt, event),
        },
      ];
    }
    default: {
      const unexpected: never = event;
      throw new Error(`unhandled event ${JSON.stringify(unexpected)}`);
    }
  }
}
