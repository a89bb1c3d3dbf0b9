// Reads behind the API: a user's business, the stats answer's rows, the facts of a summary range.
import { UNCOUNTED_TEXT_KINDS } from "../domain/merge";
import type { BusinessRow, TextStatus } from "../domain/projection-rows";
import type { SummaryFacts } from "../domain/summary";
import { epochMs, table, type AnalyticsDb } from "./analytics-db";

export interface RecentCallRow {
  callId: string;
  callerNumber: string;
  occurredAt: number;
  answered: boolean;
  responded: boolean;
}

export interface RecentTextRow {
  smsId: string;
  recipientNumber: string;
  message: string;
  at: number;
  status: TextStatus;
  /** The carrier's error code of a failed text; "" when none. */
  errorCode: string;
}

export interface StatsRows {
  counters: Record<string, number>;
  recentCalls: RecentCallRow[];
  recentTexts: RecentTextRow[];
}

const BUSINESSES = table("businesses");
const COUNTERS = table("counters");
const CALLS = table("calls");
const TEXTS = table("texts");
const SUPPRESSIONS = table("suppressions");
const INBOUND = table("inbound_messages");
const OUTCOMES = table("conversation_outcomes");

/** A text "responded" to its call once the carrier accepted it (sent or delivered). */
const RESPONDED = `EXISTS (SELECT 1 FROM ${TEXTS} t WHERE t.business_id = c.business_id AND t.call_id = c.call_id AND t.status IN ('sent', 'delivered'))`;

export class ReportRepository {
  constructor(private readonly db: AnalyticsDb) {}

  async businessOfUser(userId: string): Promise<BusinessRow | null> {
    const rows = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT business_id, user_id, time_zone, average_client_value, close_rate_percent, ${epochMs("settings_at")} FROM ${BUSINESSES} WHERE user_id = $1`,
      userId,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      businessId: String(row.business_id),
      userId: String(row.user_id),
      timeZone: String(row.time_zone),
      averageClientValue: row.average_client_value === null ? null : Number(row.average_client_value),
      closeRatePercent: row.close_rate_percent === null ? null : Number(row.close_rate_percent),
      settingsAt: row.settings_at === null ? null : Number(row.settings_at),
    };
  }

  /** Counters plus the newest `limit` calls and counted texts (newest first; ties by id, so pages are stable). */
  async stats(businessId: string, limit: number): Promise<StatsRows> {
    const counters = await this.db.client.$queryRawUnsafe<{ name: string; value: number }[]>(
      `SELECT name, value FROM ${COUNTERS} WHERE business_id = $1`,
      businessId,
    );
    const calls = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT c.call_id, c.caller_number, ${epochMs("c.occurred_at", "occurred_at")}, c.answered, ${RESPONDED} AS responded
         FROM ${CALLS} c WHERE c.business_id = $1 ORDER BY c.occurred_at DESC, c.call_id DESC LIMIT $2::int`,
      businessId,
      limit,
    );
    const texts = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT sms_id, recipient_number, message, ${epochMs("at")}, status, error_code FROM ${TEXTS}
         WHERE business_id = $1 AND kind <> ALL($3::text[]) ORDER BY at DESC, sms_id DESC LIMIT $2::int`,
      businessId,
      limit,
      UNCOUNTED_TEXT_KINDS,
    );
    return {
      counters: Object.fromEntries(counters.map((row) => [row.name, Number(row.value)])),
      recentCalls: calls.map((row) => ({
        callId: String(row.call_id),
        callerNumber: String(row.caller_number),
        occurredAt: Number(row.occurred_at),
        answered: row.answered === true,
        responded: row.responded === true,
      })),
      recentTexts: texts.map((row) => ({
        smsId: String(row.sms_id),
        recipientNumber: String(row.recipient_number),
        message: String(row.message),
        at: Number(row.at),
        status: String(row.status) as TextStatus,
        errorCode: row.error_code === null || row.error_code === undefined ? "" : String(row.error_code),
      })),
    };
  }

  /**
   * The calls of [fromMs, toMs) with their texts and suppressions, and the inbound messages from
   * fromMs on (a reply may come after the range's last call), the owner's replies from fromMs on,
   * and the conversations whose latest outcome was set in [fromMs, toMs).
   */
  async summaryFacts(businessId: string, fromMs: number, toMs: number): Promise<SummaryFacts> {
    const range = [businessId, fromMs, toMs] as const;
    const inRange = `c.business_id = $1 AND c.occurred_at >= to_timestamp($2::float8 / 1000.0) AND c.occurred_at < to_timestamp($3::float8 / 1000.0)`;
    const calls = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT c.call_id, c.caller_number, c.answered, c.textable, ${epochMs("c.occurred_at", "occurred_at")} FROM ${CALLS} c WHERE ${inRange}`,
      ...range,
    );
    const texts = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT t.call_id, t.recipient_number, t.status, ${epochMs("t.sent_at", "sent_at")}, ${epochMs("t.delivered_at", "delivered_at")}
         FROM ${TEXTS} t JOIN ${CALLS} c ON c.business_id = t.business_id AND c.call_id = t.call_id WHERE ${inRange}`,
      ...range,
    );
    const suppressions = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT s.call_id, s.reason FROM ${SUPPRESSIONS} s JOIN ${CALLS} c ON c.business_id = s.business_id AND c.call_id = s.call_id WHERE ${inRange}`,
      ...range,
    );
    const inbound = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT from_number, kind, ${epochMs("received_at")} FROM ${INBOUND} WHERE business_id = $1 AND received_at >= to_timestamp($2::float8 / 1000.0)`,
      businessId,
      fromMs,
    );
    const ownerReplies = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT recipient_number, ${epochMs("at")} FROM ${TEXTS} WHERE business_id = $1 AND kind = 'owner_reply' AND at >= to_timestamp($2::float8 / 1000.0)`,
      businessId,
      fromMs,
    );
    const outcomes = await this.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT caller_number, outcome, value_cents, ${epochMs("set_at")} FROM ${OUTCOMES}
         WHERE business_id = $1 AND set_at >= to_timestamp($2::float8 / 1000.0) AND set_at < to_timestamp($3::float8 / 1000.0)`,
      ...range,
    );
    const ms = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return {
      calls: calls.map((row) => ({
        callId: String(row.call_id),
        callerNumber: String(row.caller_number),
        answered: row.answered === true,
        textable: row.textable === true,
        occurredAt: Number(row.occurred_at),
      })),
      texts: texts.map((row) => ({
        callId: String(row.call_id),
        recipientNumber: String(row.recipient_number),
        status: String(row.status) as TextStatus,
        sentAt: ms(row.sent_at),
        deliveredAt: ms(row.delivered_at),
      })),
      suppressions: suppressions.map((row) => ({ callId: String(row.call_id), reason: String(row.reason) })),
      inbound: inbound.map((row) => ({ fromNumber: String(row.from_number), kind: String(row.kind), receivedAt: Number(row.received_at) })),
      ownerReplies: ownerReplies.map((row) => ({ recipientNumber: String(row.recipient_number), at: Number(row.at) })),
      outcomes: outcomes.map((row) => ({
        callerNumber: String(row.caller_number),
        outcome: String(row.outcome),
        valueCents: Number(row.value_cents),
        setAt: Number(row.set_at),
      })),
    };
  }
}
