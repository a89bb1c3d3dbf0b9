import type { InboundKindName } from "../domain/inbound-keyword";
import { table, type MessagingDb, type Queryable } from "./messaging-db";

export interface InboundSmsRow {
  messageSid: string;
  businessId: string;
  fromNumber: string;
  toNumber: string;
  body: string;
  kind: InboundKindName;
  receivedAt: Date;
}

export class InboundSmsRepository {
  constructor(private readonly db: MessagingDb) {}

  /** False when this provider sid was recorded before (a webhook retry). */
  async insert(tx: Queryable, row: InboundSmsRow): Promise<boolean> {
    const inserted = await tx.$executeRawUnsafe(
      `INSERT INTO ${table("inbound_sms")} (message_sid, business_id, from_number, to_number, body, kind, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz) ON CONFLICT (message_sid) DO NOTHING`,
      row.messageSid,
      row.businessId,
      row.fromNumber,
      row.toNumber,
      row.body,
      row.kind,
      row.receivedAt,
    );
    return inserted > 0;
  }
}
