// owner_alerts: what waits for the owner's batched e-mail: missed calls (texted, or not texted for a
// reason the owner can fix), texts the carrier blocked, and callers' replies and voicemails (which may
// also wait for the text to the owner's mobile: forward_state).
import { arrayText, type SqlExecutor } from "@rebound/platform";
import { table, type MessagingDb, type Queryable } from "./messaging-db";

export interface PendingAlert {
  id: string;
  /** texted | not_texted | not_delivered | reply | voicemail */
  kind: string;
  /** not_texted: the suppression reason; not_delivered: the carrier's error code. */
  reason: string | null;
  callerNumber: string;
  message: string;
  /** When the text went out, when a call not texted was decided, when a reply or voicemail came. */
  textedAt: Date;
  /** reply / voicemail: the thread (null for the other kinds). */
  conversationId: string | null;
  /** voicemail: its length. */
  seconds: number;
}

/** A caller's reply or voicemail waiting for the text to the owner's mobile. */
export interface PendingForward {
  id: string;
  businessId: string;
  conversationId: string;
  kind: "reply" | "voicemail";
  callerNumber: string;
  /** The reply's text, the voicemail's transcript ("" until it comes). */
  message: string;
  seconds: number;
  at: Date;
}

interface CallerMessage {
  businessId: string;
  conversationId: string;
  callerNumber: string;
  /** Whether the owner forwards to a mobile now (the row then waits for the forward job). */
  forward: boolean;
}

const PENDING_SELECT = { id: true, kind: true, reason: true, callerNumber: true, message: true, textedAt: true, conversationId: true, seconds: true } as const;

export class OwnerAlertRepository {
  constructor(private readonly db: MessagingDb) {}

  /**
   * The insert of a texted-caller alert for each row of `source` (a CTE of sms_logs rows: id, business_id,
   * recipient_number, message), for a statement that composes it; `id` and `at` are SQL (parameters).
   */
  static textedStatement(source: string, id: string, at: string): string {
    return `INSERT INTO ${table("owner_alerts")} (id, business_id, sms_id, caller_number, message, texted_at)
      SELECT ${id}, business_id, id::uuid, recipient_number, message, ${at} FROM ${source} ON CONFLICT (sms_id) DO NOTHING`;
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

  /** A caller's text (not STOP/START/HELP), once per message sid. */
  async addReply(tx: SqlExecutor, reply: CallerMessage & { id: string; messageSid: string; body: string; at: Date }): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("owner_alerts")} (id, business_id, kind, source_id, conversation_id, caller_number, message, texted_at, forward_state)
       VALUES ($1::uuid, $2, 'reply', $3, $4::uuid, $5, $6, $7::timestamptz, $8) ON CONFLICT (source_id) DO NOTHING`,
      reply.id,
      reply.businessId,
      `sms:${reply.messageSid}`,
      reply.conversationId,
      reply.callerNumber,
      reply.body,
      reply.at,
      reply.forward ? "pending" : null,
    );
  }

  /**
   * A voicemail, once per voicemail id, ready for the e-mail at `readyAt` unless its transcript comes
   * sooner (addTranscript). A transcript that came first keeps its text; the recording's time and length win.
   */
  async addVoicemail(tx: SqlExecutor, voicemail: CallerMessage & { id: string; voicemailId: string; seconds: number; at: Date; readyAt: Date }): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("owner_alerts")} (id, business_id, kind, source_id, conversation_id, caller_number, message, texted_at, seconds, ready_at, forward_state)
       VALUES ($1::uuid, $2, 'voicemail', $3, $4::uuid, $5, '', $6::timestamptz, $7::int, $8::timestamptz, $9)
       ON CONFLICT (source_id) DO UPDATE SET texted_at = EXCLUDED.texted_at, seconds = EXCLUDED.seconds`,
      voicemail.id,
      voicemail.businessId,
      `voicemail:${voicemail.voicemailId}`,
      voicemail.conversationId,
      voicemail.callerNumber,
      voicemail.at,
      voicemail.seconds,
      voicemail.readyAt,
      voicemail.forward ? "pending" : null,
    );
  }

  /** A voicemail's transcript: its text, and it is ready now (a transcript before the recording makes the row). */
  async addTranscript(tx: SqlExecutor, transcript: CallerMessage & { id: string; voicemailId: string; transcript: string; at: Date }): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("owner_alerts")} (id, business_id, kind, source_id, conversation_id, caller_number, message, texted_at, ready_at, forward_state)
       VALUES ($1::uuid, $2, 'voicemail', $3, $4::uuid, $5, $6, $7::timestamptz, $7::timestamptz, $8)
       ON CONFLICT (source_id) DO UPDATE SET message = EXCLUDED.message,
         ready_at = LEAST(COALESCE(${table("owner_alerts")}.ready_at, ${table("owner_alerts")}.texted_at), EXCLUDED.ready_at)`,
      transcript.id,
      transcript.businessId,
      `voicemail:${transcript.voicemailId}`,
      transcript.conversationId,
      transcript.callerNumber,
      transcript.transcript,
      transcript.at,
      transcript.forward ? "pending" : null,
    );
  }

  /** Businesses with alerts ready by `now` and no e-mail after `lastEmailCutoff`. */
  async dueBusinesses(now: Date, lastEmailCutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db.client.$queryRawUnsafe<{ business_id: string }[]>(
      `SELECT p.business_id FROM ${table("owner_alerts")} p
       WHERE p.emailed_at IS NULL AND COALESCE(p.ready_at, p.texted_at) <= $1::timestamptz
         AND NOT EXISTS (SELECT 1 FROM ${table("owner_alerts")} e
                         WHERE e.business_id = p.business_id AND e.emailed_at > $2::timestamptz AND NOT e.skipped)
       GROUP BY p.business_id ORDER BY min(p.texted_at) LIMIT $3::int`,
      now,
      lastEmailCutoff,
      limit,
    );
    return rows.map((row) => row.business_id);
  }

  /** The business's alerts ready by `now`, oldest first. */
  async pendingOf(businessId: string, now: Date, limit: number): Promise<PendingAlert[]> {
    return this.db.client.ownerAlert.findMany({
      where: { businessId, emailedAt: null, OR: [{ readyAt: null, textedAt: { lte: now } }, { readyAt: { lte: now } }] },
      orderBy: { textedAt: "asc" },
      take: limit,
      select: PENDING_SELECT,
    });
  }

  /**
   * Replies and voicemails waiting for the owner's mobile, ready by `now`, of conversations with no
   * forward sent after `lastForwardCutoff` (one text per conversation per gap), oldest first.
   */
  async dueForwards(now: Date, lastForwardCutoff: Date, limit: number): Promise<PendingForward[]> {
    const rows = await this.db.client.$queryRawUnsafe<
      { id: string; business_id: string; conversation_id: string; kind: string; caller_number: string; message: string; seconds: number; texted_at: Date }[]
    >(
      `SELECT p.id::text AS id, p.business_id, p.conversation_id::text AS conversation_id, p.kind, p.caller_number, p.message, p.seconds, p.texted_at
         FROM ${table("owner_alerts")} p
        WHERE p.forward_state = 'pending' AND COALESCE(p.ready_at, p.texted_at) <= $1::timestamptz
          AND NOT EXISTS (SELECT 1 FROM ${table("owner_alerts")} s
                          WHERE s.forward_state = 'sent' AND s.conversation_id = p.conversation_id AND s.forwarded_at > $2::timestamptz)
        ORDER BY p.texted_at LIMIT $3::int`,
      now,
      lastForwardCutoff,
      limit,
    );
    return rows.map((row) => ({
      id: row.id,
      businessId: row.business_id,
      conversationId: row.conversation_id,
      kind: row.kind === "voicemail" ? "voicemail" : "reply",
      callerNumber: row.caller_number,
      message: row.message,
      seconds: Number(row.seconds),
      at: row.texted_at,
    }));
  }

  /** Moves still-pending forwards to `state` (sent, or why not); returns the ids it moved (another replica may have taken some). */
  async settleForwards(tx: SqlExecutor, ids: readonly string[], state: string, at: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE ${table("owner_alerts")} SET forward_state = $2, forwarded_at = $3::timestamptz
        WHERE id = ANY($1::uuid[]) AND forward_state = 'pending' RETURNING id::text AS id`,
      arrayText(ids),
      state,
      at,
    );
    return rows.map((row) => row.id);
  }

  async markEmailed(db: Queryable, ids: string[], at: Date, skipped: boolean): Promise<void> {
    if (ids.length === 0) return;
    await db.ownerAlert.updateMany({ where: { id: { in: ids }, emailedAt: null }, data: { emailedAt: at, skipped } });
  }
}
