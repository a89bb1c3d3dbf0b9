// Per business and caller: opt-outs, texts this month, last text and last auto-reply
// (the texts themselves are counted by DispatchRepository in the dispatch statement).
import type { SqlExecutor } from "@rebound/platform";
import { table, type MessagingDb, type Queryable } from "./messaging-db";

export interface OptOutRow {
  businessId: string;
  callerNumber: string;
  optedOut: boolean;
  updatedAt: Date;
}

export interface ContactRow {
  businessId: string;
  callerNumber: string;
  lastTextedAt: Date | null;
  lastAutoReplyAt: Date | null;
}

export interface UsageRow {
  businessId: string;
  month: string;
  texted: number;
}

export class CallerStateRepository {
  constructor(private readonly db: MessagingDb) {}

  /** Sets the caller's opt-out state; returns whether the caller was opted out before (false for a new caller). */
  async saveOptOut(
    tx: SqlExecutor,
    fields: { businessId: string; callerNumber: string; optedOut: boolean; source: string; keyword: string },
  ): Promise<boolean> {
    // Wall-clock change time: the read model refresh's watermark (see BusinessConfigRepository).
    const at = new Date();
    // Locks the row first, so a concurrent opt-out of the same caller waits and then sees this one.
    const previous = await tx.$queryRawUnsafe<{ opted_out: boolean }[]>(
      `SELECT opted_out FROM ${table("opt_outs")} WHERE business_id = $1 AND caller_number = $2 FOR UPDATE`,
      fields.businessId,
      fields.callerNumber,
    );
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("opt_outs")} (business_id, caller_number, opted_out, source, keyword, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
       ON CONFLICT (business_id, caller_number) DO UPDATE
       SET opted_out = EXCLUDED.opted_out, source = EXCLUDED.source, keyword = EXCLUDED.keyword, updated_at = EXCLUDED.updated_at`,
      fields.businessId,
      fields.callerNumber,
      fields.optedOut,
      fields.source,
      fields.keyword,
      at,
    );
    return previous[0]?.opted_out === true;
  }

  /**
   * Sets the caller's last auto-reply to `at` unless one went out after `cutoff`. False when
   * the window holds in the database (a reply another replica sent).
   */
  async claimAutoReplySlot(tx: Queryable, businessId: string, callerNumber: string, at: Date, cutoff: Date): Promise<boolean> {
    const rows = await tx.$queryRawUnsafe<unknown[]>(
      `INSERT INTO ${table("caller_contacts")} AS c (business_id, caller_number, last_auto_reply_at) VALUES ($1, $2, $3::timestamptz)
       ON CONFLICT (business_id, caller_number) DO UPDATE SET last_auto_reply_at = EXCLUDED.last_auto_reply_at
       WHERE c.last_auto_reply_at IS NULL OR c.last_auto_reply_at <= $4::timestamptz
       RETURNING 1`,
      businessId,
      callerNumber,
      at,
      cutoff,
    );
    return rows.length > 0;
  }

  async isOptedOut(businessId: string, callerNumber: string): Promise<boolean> {
    const row = await this.db.client.optOut.findUnique({ where: { businessId_callerNumber: { businessId, callerNumber } } });
    return row?.optedOut ?? false;
  }

  async loadOptOuts(since?: Date): Promise<OptOutRow[]> {
    return this.db.client.optOut.findMany({
      where: since ? { updatedAt: { gt: since } } : { optedOut: true },
      select: { businessId: true, callerNumber: true, optedOut: true, updatedAt: true },
      orderBy: { updatedAt: "asc" },
    });
  }

  async loadContacts(since: Date): Promise<ContactRow[]> {
    return this.db.client.callerContact.findMany({
      where: { OR: [{ lastTextedAt: { gt: since } }, { lastAutoReplyAt: { gt: since } }] },
    });
  }

  async loadContact(businessId: string, callerNumber: string): Promise<ContactRow | undefined> {
    const row = await this.db.client.callerContact.findUnique({ where: { businessId_callerNumber: { businessId, callerNumber } } });
    return row ?? undefined;
  }

  async loadUsage(months: string[]): Promise<UsageRow[]> {
    return this.db.client.monthlyUsage.findMany({ where: { month: { in: months } } });
  }

  async loadUsageOf(businessId: string, month: string): Promise<number> {
    const row = await this.db.client.monthlyUsage.findUnique({ where: { businessId_month: { businessId, month } } });
    return row?.texted ?? 0;
  }
}
