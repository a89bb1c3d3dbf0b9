// The write of a missed call's decision, in one statement per call (the hot path).
//
// decide() (domain/decide.ts) is the one place that decides whether a call is texted and why
// not. This SQL decides nothing: it records the decision and enforces only what concurrency
// needs, which memory cannot:
// - call_dispatches' unique call id: one row per call, so every redelivery is a no-op;
// - the cap's atomic count: monthly_usage is read FOR UPDATE and incremented in the same
//   statement, so concurrent writers (replicas, PostgreSQL) cannot both take the last text;
// - that the caller's facts decide() read from memory still hold in the tables: no opt-out
//   and no text since the decision's duplicate-window start. Another replica's STOP or text
//   reaches this process's memory only on its next refresh; without this guard a lagging
//   read model would text an opted-out caller (see docs/decisions.md, "Messaging").
// When the guard fails nothing is written and the caller re-reads the caller's rows and
// decides again, so the suppression and its reason still come from decide().
import type { SmsToSend } from "./sms-log.repository";
import type { ComposableStatement, SqlExecutor } from "@rebound/platform";
import { table, type MessagingDb } from "./messaging-db";
import type { SuppressionReasonName } from "../domain/decide";

export interface SendInput {
  eventId: string;
  sms: SmsToSend & { callId: string };
  month: string;
  cap: number;
  /** The decision read no text to this caller after this instant (its duplicate window's start). */
  windowStart: Date;
  leaseUntil: Date;
  at: Date;
}

export type SendRecorded =
  | { type: "duplicate" }
  | { type: "queued"; texted: number }
  /** The tables disagree with the memory the decision was made from: nothing was written. */
  | { type: "stale" };

/** The statement's CTEs (given apart so the outbox can compose them with the text's event: `changeWithEvents`). */
const SEND_CTES = `
guard AS (
  SELECT
    NOT EXISTS (SELECT 1 FROM ${table("opt_outs")} WHERE business_id = $1 AND caller_number = $2 AND opted_out)
    AND NOT EXISTS (SELECT 1 FROM ${table("caller_contacts")} WHERE business_id = $1 AND caller_number = $2 AND last_texted_at > $5::timestamptz)
    AND COALESCE((SELECT texted FROM ${table("monthly_usage")} WHERE business_id = $1 AND month = $3 FOR UPDATE), 0) < $4::int AS holds
), decision AS (
  INSERT INTO ${table("call_dispatches")} (call_id, business_id, event_id, outcome, sms_id, decided_at)
  SELECT $6, $1, $7, 'send', $8::uuid, $9::timestamptz FROM guard WHERE holds
  ON CONFLICT (call_id) DO NOTHING
  RETURNING 1
), contact AS (
  INSERT INTO ${table("caller_contacts")} AS c (business_id, caller_number, last_texted_at)
  SELECT $1, $2, $9::timestamptz FROM decision
  ON CONFLICT (business_id, caller_number) DO UPDATE SET last_texted_at = EXCLUDED.last_texted_at
  RETURNING 1
), usage AS (
  INSERT INTO ${table("monthly_usage")} AS u (business_id, month, texted)
  SELECT $1, $3, 1 FROM decision
  ON CONFLICT (business_id, month) DO UPDATE SET texted = u.texted + 1
  RETURNING texted
), sms AS (
  INSERT INTO ${table("sms_logs")} (id, business_id, call_id, recipient_number, sender_number, message, kind, status, lease_until, sent_at, updated_at)
  SELECT $8::uuid, $1, $6, $2, $10, $11, $12, 'queued', $13::timestamptz, $9::timestamptz, $9::timestamptz
  FROM decision
  RETURNING 1
)`;
/** One row: whether the guard held, and the month's texts after this one when it was queued (else null). */
const SEND_RESULT = `SELECT (SELECT holds FROM guard) AS holds, (SELECT texted FROM usage) AS texted`;
/** SQL over the statement's row: the text was queued (its event goes with it). */
export const SEND_QUEUED = "texted IS NOT NULL";

export interface SendRow {
  holds: boolean | null;
  texted: number | string | null;
}

export class DispatchRepository {
  constructor(private readonly db: MessagingDb) {}

  /** A suppression decided by decide(); false when the call was decided before (redelivery). */
  async recordSuppressed(
    tx: SqlExecutor,
    input: { callId: string; businessId: string; eventId: string; reason: SuppressionReasonName; at: Date },
  ): Promise<boolean> {
    const inserted = await tx.$executeRawUnsafe(
      `INSERT INTO ${table("call_dispatches")} (call_id, business_id, event_id, outcome, reason, decided_at)
       VALUES ($1, $2, $3, 'suppress', $4, $5::timestamptz) ON CONFLICT (call_id) DO NOTHING`,
      input.callId,
      input.businessId,
      input.eventId,
      input.reason,
      input.at,
    );
    return inserted > 0;
  }

  /**
   * A text decided by decide(), as one statement that queues it (sms_logs row, counters) or finds a redelivery
   * or stale memory; its row, read by `sendRecorded`. The caller writes SmsQueued with it (`changeWithEvents`).
   */
  sendStatement(input: SendInput): ComposableStatement {
    const { sms } = input;
    return {
      with: SEND_CTES,
      sql: SEND_RESULT,
      values: [
        sms.businessId,
        sms.recipientNumber,
        input.month,
        input.cap,
        input.windowStart,
        sms.callId,
        input.eventId,
        sms.id,
        input.at,
        sms.senderNumber,
        sms.message,
        sms.kind,
        input.leaseUntil,
      ],
    };
  }
}

/** What the send statement's row says. */
export function sendRecorded(rows: SendRow[]): SendRecorded {
  const row = rows[0];
  if (row?.texted !== null && row?.texted !== undefined) return { type: "queued", texted: Number(row.texted) };
  if (row && !row.holds) return { type: "stale" };
  return { type: "duplicate" };
}
