// sms_logs: every SMS the business sent, with its delivery lifecycle.
import type { SmsToSend } from "../domain/send-outcome";
import type { SmsKindName, SmsStatusName } from "../domain/sms-status";
import type { ComposableStatement, SqlExecutor } from "@rebound/platform";
import { OwnerAlertRepository } from "./owner-alert.repository";
import { table, type MessagingDb, type Queryable } from "./messaging-db";

export interface NewSms {
  id: string;
  businessId: string;
  callId?: string;
  recipientNumber: string;
  senderNumber: string;
  message: string;
  kind: SmsKindName;
  at: Date;
}

/** A status callback's change: the statuses it may move the text from (`from`). */
export interface StatusInput {
  providerSid: string;
  status: SmsStatusName;
  from: SmsStatusName[];
  errorCode: string;
  errorMessage: string;
  at: Date;
}

/** What the send path needs of a row (defined with the send's outcome). */
export type { SmsToSend } from "../domain/send-outcome";

export interface SmsRef {
  id: string;
  businessId: string;
  callId: string | null;
  recipientNumber: string;
  providerSid: string | null;
}

interface SmsRow {
  id: string;
  business_id: string;
  call_id: string | null;
  recipient_number: string;
  sender_number: string;
  message: string;
  kind: SmsKindName;
  sent_at: Date;
  provider_sid: string | null;
}

const toRef = (row: SmsRow): SmsRef => ({
  id: row.id,
  businessId: row.business_id,
  callId: row.call_id,
  recipientNumber: row.recipient_number,
  providerSid: row.provider_sid,
});

const RETURNING = "RETURNING id::text AS id, business_id, call_id, recipient_number, sender_number, message, kind, sent_at, provider_sid";

export class SmsLogRepository {
  constructor(private readonly db: MessagingDb) {}

  /** A reply handed to the provider in the webhook's own answer (TwiML): sent as it is recorded. */
  async insertReply(tx: Queryable, sms: NewSms): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("sms_logs")} (id, business_id, recipient_number, sender_number, message, kind, status, sent_at, accepted_at, updated_at)
       VALUES ($1::uuid, $2, $3, $4, $5, $6, 'sent', $7::timestamptz, $7::timestamptz, $7::timestamptz)`,
      sms.id,
      sms.businessId,
      sms.recipientNumber,
      sms.senderNumber,
      sms.message,
      sms.kind,
      sms.at,
    );
  }

  /**
   * A text the send path will send (the owner's reply), `queued` under this process's lease, unless the
   * caller is opted out in the table (checked in the insert: a STOP that just committed wins). False then.
   */
  async insertQueuedUnlessOptedOut(tx: SqlExecutor, sms: NewSms, leaseUntil: Date): Promise<boolean> {
    const inserted = await tx.$executeRawUnsafe(
      `INSERT INTO ${table("sms_logs")} (id, business_id, recipient_number, sender_number, message, kind, status, lease_until, sent_at, updated_at)
       SELECT $1::uuid, $2, $3, $4, $5, $6, 'queued', $8::timestamptz, $7::timestamptz, $7::timestamptz
       WHERE NOT EXISTS (SELECT 1 FROM ${table("opt_outs")} WHERE business_id = $2 AND caller_number = $3 AND opted_out)`,
      sms.id,
      sms.businessId,
      sms.recipientNumber,
      sms.senderNumber,
      sms.message,
      sms.kind,
      sms.at,
      leaseUntil,
    );
    return inserted > 0;
  }

  /**
   * The provider accepted a text: its sid and status, as a statement (CTE `sent`, one row when it applied;
   * none when already recorded or finished otherwise) for `changeWithEvents`; with `alert`, the owner's
   * alert for it is inserted by the same statement.
   */
  markSentStatement(id: string, providerSid: string, status: SmsStatusName, at: Date, alert?: { id: string }): ComposableStatement {
    const sent = `sent AS (
      UPDATE ${table("sms_logs")} SET provider_sid = $2, status = $3, accepted_at = $4::timestamptz, lease_until = NULL,
        attempts = attempts + 1, updated_at = $4::timestamptz
      WHERE id = $1::uuid AND provider_sid IS NULL AND status IN ('queued', 'sending') ${RETURNING})`;
    const values: unknown[] = [id, providerSid, status, at];
    if (!alert) return { with: sent, sql: "SELECT * FROM sent", values };
    return {
      with: `${sent}, alert AS (${OwnerAlertRepository.textedStatement("sent", "$5::uuid", "$4::timestamptz")})`,
      sql: "SELECT * FROM sent",
      values: [...values, alert.id],
    };
  }

  async markFailed(tx: SqlExecutor, id: string, errorCode: string, errorMessage: string, at: Date): Promise<SmsRef | undefined> {
    const rows = await tx.$queryRawUnsafe<SmsRow[]>(
      `UPDATE ${table("sms_logs")} SET status = 'failed', error_code = NULLIF($2, ''), error_message = $3, lease_until = NULL,
         attempts = attempts + 1, updated_at = $4::timestamptz
       WHERE id = $1::uuid AND status IN ('queued', 'sending') ${RETURNING}`,
      id,
      errorCode,
      errorMessage.slice(0, 1000),
      at,
    );
    return rows[0] ? toRef(rows[0]) : undefined;
  }

  /** Moves the text with this provider sid to `status` if it is in one of `from`. */
  async applyStatus(tx: SqlExecutor, input: StatusInput): Promise<SmsRef | undefined> {
    if (input.from.length === 0) return undefined;
    const { sql, values } = this.applyStatusStatement(input);
    const rows = await tx.$queryRawUnsafe<SmsRow[]>(sql, ...values);
    return rows[0] ? toRef(rows[0]) : undefined;
  }

  /** applyStatus as a statement (for `changeWithEvents`): the row it moved forward, if any; `from` must not be empty. */
  applyStatusStatement(input: StatusInput): ComposableStatement {
    const allowed = input.from.map((_, index) => `$${index + 6}`).join(", ");
    return {
      sql: `UPDATE ${table("sms_logs")} SET status = $2, error_code = COALESCE(NULLIF($3, ''), error_code),
         error_message = COALESCE(NULLIF($4, ''), error_message), lease_until = NULL, updated_at = $5::timestamptz
       WHERE provider_sid = $1 AND status IN (${allowed}) ${RETURNING}`,
      values: [input.providerSid, input.status, input.errorCode, input.errorMessage.slice(0, 1000), input.at, ...input.from],
    };
  }

  /** Gives up this process's lease on texts it will not send (graceful stop), so recovery can take them at once. */
  async releaseLeases(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.client.smsLog.updateMany({ where: { id: { in: ids }, status: { in: ["queued", "sending"] } }, data: { leaseUntil: null } });
  }

  /** Extends the leases of texts this process is still sending; returns how many rows it extended. */
  async renewLeases(ids: string[], leaseUntil: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const { count } = await this.db.client.smsLog.updateMany({ where: { id: { in: ids }, status: { in: ["queued", "sending"] } }, data: { leaseUntil } });
    return count;
  }

  async findBySid(providerSid: string): Promise<{ id: string; status: string } | undefined> {
    const row = await this.db.client.smsLog.findUnique({ where: { providerSid }, select: { id: true, status: true } });
    return row ?? undefined;
  }

  /**
   * Claims texts whose send was never recorded (the process died, or gave up mid-way):
   * marks them `sending` under a new lease and returns them. With `ignoreLease` (a
   * single-process database at start) every unfinished row is taken.
   */
  async claimUnfinished(tx: Queryable, input: { now: Date; leaseUntil: Date; ignoreLease: boolean; limit: number }): Promise<SmsToSend[]> {
    const rows = await tx.$queryRawUnsafe<SmsRow[]>(
      `UPDATE ${table("sms_logs")} SET status = 'sending', lease_until = $2::timestamptz, updated_at = $1::timestamptz
       WHERE id IN (
         SELECT id FROM ${table("sms_logs")}
         WHERE status IN ('queued', 'sending') AND lease_until IS DISTINCT FROM $2::timestamptz
           AND ($3::boolean OR lease_until IS NULL OR lease_until < $1::timestamptz)
         ORDER BY sent_at LIMIT $4::int FOR UPDATE SKIP LOCKED
       ) ${RETURNING}`,
      input.now,
      input.leaseUntil,
      input.ignoreLease,
      input.limit,
    );
    return rows.map((row) => ({
      id: row.id,
      businessId: row.business_id,
      callId: row.call_id,
      recipientNumber: row.recipient_number,
      senderNumber: row.sender_number,
      message: row.message,
      kind: row.kind,
      createdAt: row.sent_at,
    }));
  }
}
