import type { MessagingDb } from "../store/messaging-db";

/** inbound_reconcile_watermarks: per dedicated number, up to where the provider's inbound texts were compared with ours. */
export class InboundWatermarkRepository {
  constructor(private readonly db: MessagingDb) {}

  async find(phoneNumbers: string[]): Promise<Map<string, Date>> {
    if (phoneNumbers.length === 0) return new Map();
    const rows = await this.db.client.inboundReconcileWatermark.findMany({ where: { phoneNumber: { in: phoneNumbers } } });
    return new Map(rows.map((row) => [row.phoneNumber, row.reconciledUntil]));
  }

  /** Moves forward only (another replica may have gone further). */
  async advance(phoneNumber: string, reconciledUntil: Date): Promise<void> {
    await this.db.client.$executeRawUnsafe(
      `INSERT INTO "messaging"."inbound_reconcile_watermarks" (phone_number, reconciled_until, updated_at) VALUES ($1, $2::timestamptz, now())
       ON CONFLICT (phone_number) DO UPDATE SET reconciled_until = GREATEST(inbound_reconcile_watermarks.reconciled_until, EXCLUDED.reconciled_until), updated_at = now()`,
      phoneNumber,
      reconciledUntil.toISOString(),
    );
  }

  /** The sids among these that inbound_sms already holds. */
  async knownSids(sids: string[]): Promise<Set<string>> {
    if (sids.length === 0) return new Set();
    const rows = await this.db.client.inboundSms.findMany({ where: { messageSid: { in: sids } }, select: { messageSid: true } });
    return new Set(rows.map((row) => row.messageSid));
  }
}
