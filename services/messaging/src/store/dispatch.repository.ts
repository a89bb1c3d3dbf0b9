// The write of a missed call's decision, in one statement per call (the hot path).
// call_dispatches (unique per call) makes it idempotent. The read model decided from memory;
// the statement re-checks opt-out, duplicate window and cap against the tables in the same
// statement, so a read model that lags the database (another replica wrote) cannot over-send:
// the call is then recorded as suppressed with the database's reason.
import type { SuppressionReasonName } from "../domain/decide";
import type { SmsToSend } from "./sms-log.repository";
import type { SqlExecutor } from "@rebound/platform";
import { table } from "./messaging-db";

export interface SendInput {
  eventId: string;
  sms: SmsToSend & { callId: string };
  month: string;
  cap: number;
  /** Texts to this caller after this instant fall in the duplicate window. */
  windowStart: Date;
  leaseUntil: Date;
  at: Date;
}

export type SendRecorded =
  | { type: "duplicate" }
  | { type: "queued"; texted: number }
  | { type: "suppressed"; reason: SuppressionReasonName };

const REASONS: ReadonlySet<string> = new Set<SuppressionReasonName>(["opted_out", "cap_reached", "duplicate_window"]);

const SEND_SQL = `
WITH checks AS (
  SELECT
    EXISTS (SELECT 1 FROM ${table("opt_outs")} WHERE business_id = $1 AND caller_number = $2 AND opted_out) AS opted_out,
    COALESCE((SELECT texted FROM ${table("monthly_usage")} WHERE business_id = $1 AND month = $3), 0) >= $4::int AS capped,
    EXISTS (SELECT 1 FROM ${table("caller_contacts")} WHERE business_id = $1 AND caller_number = $2 AND last_texted_at > $5::timestamptz) AS recent
), decision AS (
  INSERT INTO ${table("call_dispatches")} (call_id, business_id, event_id, outcome, reason, sms_id, decided_at)
  SELECT $6, $1, $7,
    CASE WHEN opted_out OR capped OR recent THEN 'suppress' ELSE 'send' END,
    CASE WHEN opted_out THEN 'opted_out' WHEN capped THEN 'cap_reached' WHEN recent THEN 'duplicate_window' END,
    CASE WHEN opted_out OR capped OR recent THEN NULL ELSE $8::uuid END,
    $9::timestamptz
  FROM checks
  ON CONFLICT (call_id) DO NOTHING
  RETURNING outcome, reason
), contact AS (
  INSERT INTO ${table("caller_contacts")} AS c (business_id, caller_number, last_texted_at)
  SELECT $1, $2, $9::timestamptz FROM decision WHERE outcome = 'send'
  ON CONFLICT (business_id, caller_number) DO UPDATE SET last_texted_at = EXCLUDED.last_texted_at
  RETURNING 1
), usage AS (
  INSERT INTO ${table("monthly_usage")} AS u (business_id, month, texted)
  SELECT $1, $3, 1 FROM decision WHERE outcome = 'send'
  ON CONFLICT (business_id, month) DO UPDATE SET texted = u.texted + 1
  RETURNING texted
), sms AS (
  INSERT INTO ${table("sms_logs")} (id, business_id, call_id, recipient_number, sender_number, message, kind, status, lease_until, sent_at, updated_at)
  SELECT $8::uuid, $1, $6, $2, $10, $11, $12, 'queued', $13::timestamptz, $9::timestamptz, $9::timestamptz
  FROM decision WHERE outcome = 'send'
  RETURNING 1
)
SELECT d.outcome, d.reason, (SELECT texted FROM usage) AS texted FROM decision d`;

export class DispatchRepository {
  /** A suppression decided from memory; false when the call was decided before (redelivery). */
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

  /** A text decided from memory: queued (sms_logs row, counters), or suppressed if the tables disagree. */
  async recordSend(tx: SqlExecutor, input: SendInput): Promise<SendRecorded> {
    const { sms } = input;
    const rows = await tx.$queryRawUnsafe<{ outcome: string; reason: string | null; texted: number | null }[]>(
      SEND_SQL,
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
    );
    const row = rows[0];
    if (!row) return { type: "duplicate" };
    if (row.outcome === "send") return { type: "queued", texted: Number(row.texted ?? 0) };
    const reason = row.reason ?? "";
    if (!REASONS.has(reason)) throw new Error(`unexpected suppression reason '${reason}'`);
    return { type: "suppressed", reason: reason as SuppressionReasonName };
  }
}
