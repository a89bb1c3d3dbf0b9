// owner_alerts: missed calls (texted, or not texted for want of a subscription) waiting for the owner's batched e-mail.
import type { SqlExecutor } from "@rebound/platform";
import { table, type MessagingDb, type Queryable } from "./messaging-db";

export interface PendingAlert {
  id: string;
  /** texted | not_texted | not_delivered */
  kind: string;
  /** not_texted: the suppression reason; not_delivered: the carrier's error code. */
  reason: string | null;
  callerNumber: string;
  message: string;
  /** When the text went out, or when a call not texted was decided. */
  textedAt: Date;
}

export class OwnerAlertRepository {
  constructor(private readonly db: MessagingDb) {}

  async add(tx: SqlExecutor, alert: { id: string; businessId: string; smsId: string; callerNumber: string; message: string; textedAt: Date }): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("owner_alerts")} (id, business_id, sms_id, caller_number, message, texted_at)
       VALUES ($1::uuid, $2, $3::uuid, $4, $5, $6::timestamptz) ON CONFLICT (sms_id) DO NOTHING`,
      alert.id,
      alert.businessId,
      alert.smsId,
      alert.callerNumber,
      alert.message,
      alert.textedAt,
    );
  }

  /** A missed call the owner should know was not texted (the account has no subscription); once per call. */
  async addNotTexted(
    tx: SqlExecutor,
    alert: { id: string; businessId: string; callId: string; callerNumber: string; reason: string; at: Date },
  ): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("owner_alerts")} (id, business_id, kind, call_id, reason, caller_number, message, texted_at)
       VALUES ($1::uuid, $2, 'not_texted', $3, $4, $5, '', $6::timestamptz) ON CONFLICT (call_id) DO NOTHING`,
      alert.id,
      alert.businessId,
      alert.callId,
      alert.reason,
      alert.callerNumber,
      alert.at,
    );
  }

  /**
   * A text the carrier did not deliver for a reason the owner can fix (30034: the texting
   * registration); reason = the error code. Once per text: a status moves forward only once.
   */
  async addNotDelivered(
    tx: SqlExecutor,
    alert: { id: string; businessId: string; callerNumber: string; errorCode: string; message: string; at: Date },
  ): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("owner_alerts")} (id, business_id, kind, reason, caller_number, message, texted_at)
       VALUES ($1::uuid, $2, 'not_delivered', $3, $4, $5, $6::timestamptz)`,
      alert.id,
      alert.businessId,
      alert.errorCode,
      alert.callerNumber,
      alert.message,
      alert.at,
    );
  }

  /** Businesses with pending alerts and no e-mail after `lastEmailCutoff`. */
  async dueBusinesses(lastEmailCutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db.client.$queryRawUnsafe<{ business_id: string }[]>(
      `SELECT p.business_id FROM ${table("owner_alerts")} p
       WHERE p.emailed_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM ${table("owner_alerts")} e
                         WHERE e.business_id = p.business_id AND e.emailed_at > $1::timestamptz AND NOT e.skipped)
       GROUP BY p.business_id ORDER BY min(p.texted_at) LIMIT $2::int`,
      lastEmailCutoff,
      limit,
    );
    return rows.map((row) => row.business_id);
  }

  async pendingOf(businessId: string, limit: number): Promise<PendingAlert[]> {
    return this.db.client.ownerAlert.findMany({
      where: { businessId, emailedAt: null },
      orderBy: { textedAt: "asc" },
      take: limit,
      select: { id: true, kind: true, reason: true, callerNumber: true, message: true, textedAt: true },
    });
  }

  async markEmailed(db: Queryable, ids: string[], at: Date, skipped: boolean): Promise<void> {
    if (ids.length === 0) return;
    await db.ownerAlert.updateMany({ where: { id: { in: ids }, emailedAt: null }, data: { emailedAt: at, skipped } });
  }
}
