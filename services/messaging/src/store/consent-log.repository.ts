// consent_log: append-only. Insert and list are the whole surface; nothing updates or deletes a row.
import type { SqlExecutor } from "@rebound/platform";
import { z } from "zod";
import { CONSENT_ACTIONS, CONSENT_METHODS, type ConsentLogEntry } from "../domain/consent-log";
import { table, type MessagingDb } from "./messaging-db";

const actionSchema = z.enum(CONSENT_ACTIONS);
const methodSchema = z.enum(CONSENT_METHODS);

export class ConsentLogRepository {
  constructor(private readonly db: MessagingDb) {}

  /** Raw SQL so both the inbound SMS transaction and the send path's SQL transaction can write it. */
  async insert(tx: SqlExecutor, entry: ConsentLogEntry): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("consent_log")}
         (id, business_id, caller_number, action, method, matched, caller_message, confirmation_text, message_sid, occurred_at)
       VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz)`,
      entry.id,
      entry.businessId,
      entry.callerNumber,
      entry.action,
      entry.method,
      entry.matched,
      entry.callerMessage,
      entry.confirmationText,
      entry.messageSid,
      entry.occurredAt,
    );
  }

  /** The entries of the businesses this user owns, oldest first: an owner never sees another business's rows. */
  async listForOwner(userId: string): Promise<ConsentLogEntry[]> {
    const owned = await this.db.client.businessConfig.findMany({ where: { userId }, select: { businessId: true } });
    if (owned.length === 0) return [];
    const rows = await this.db.client.consentLog.findMany({
      where: { businessId: { in: owned.map((business) => business.businessId) } },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => ({ ...row, action: actionSchema.parse(row.action), method: methodSchema.parse(row.method) }));
  }
}
