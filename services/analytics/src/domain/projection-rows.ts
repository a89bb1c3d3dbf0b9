// The projections' rows as the domain sees them. Times are epoch milliseconds (so merges compare
// numbers); the store converts at its boundary.

export type TextStatus = "queued" | "sending" | "sent" | "failed" | "undelivered" | "delivered";

/**
 * A text's status only moves up this order, whatever order its events arrive in. Terminal
 * outcomes rank above "sent"; proof of delivery outranks a failure report for the same text.
 */
export const TEXT_STATUS_RANK: Readonly<Record<TextStatus, number>> = {
  queued: 1,
  sending: 2,
  sent: 3,
  failed: 4,
  undelivered: 5,
  delivered: 6,
};

export function isTextStatus(value: string): value is TextStatus {
  return Object.hasOwn(TEXT_STATUS_RANK, value);
}

export interface BusinessRow {
  businessId: string;
  userId: string | null;
  timeZone: string;
  averageClientValue: number | null;
  closeRatePercent: number | null;
  settingsAt: number | null;
}

export interface CallRow {
  businessId: string;
  callId: string;
  callSid: string;
  callerNumber: string;
  callStatus: string;
  answered: boolean;
  /** CallReceived seen. */
  received: boolean;
  /** CallMissed seen: the caller had a callable number. */
  textable: boolean;
  occurredAt: number;
}

export interface TextRow {
  businessId: string;
  smsId: string;
  callId: string;
  recipientNumber: string;
  message: string;
  kind: string;
  status: TextStatus;
  /** The earliest time any of its events carries. */
  at: number;
  queuedAt: number | null;
  sentAt: number | null;
  deliveredAt: number | null;
  failedAt: number | null;
  /** The carrier's error code of its failure (e.g. 30034); "" when none. */
  errorCode: string;
}

export interface SuppressionRow {
  businessId: string;
  callId: string;
  recipientNumber: string;
  reason: string;
  suppressedAt: number;
}

export interface InboundRow {
  businessId: string;
  messageSid: string;
  fromNumber: string;
  kind: string;
  receivedAt: number;
}

export interface OptOutRow {
  businessId: string;
  eventId: string;
  callerNumber: string;
  source: string;
  optedOutAt: number;
}

/** A conversation's latest outcome (ConversationOutcomeSet), one per caller: the newest set_at wins. */
export interface OutcomeRow {
  businessId: string;
  callerNumber: string;
  /** booked, not_a_lead, lost; "" when the owner cleared it. */
  outcome: string;
  /** What the booked job is worth, in cents; 0 unless booked. */
  valueCents: number;
  setAt: number;
}

export interface ProjectionRows {
  businesses: BusinessRow[];
  calls: CallRow[];
  texts: TextRow[];
  suppressions: SuppressionRow[];
  inbound: InboundRow[];
  optOuts: OptOutRow[];
  outcomes: OutcomeRow[];
}

export const PROJECTION_TABLES = ["businesses", "calls", "texts", "suppressions", "inbound", "optOuts", "outcomes"] as const;
export type ProjectionTable = (typeof PROJECTION_TABLES)[number];
