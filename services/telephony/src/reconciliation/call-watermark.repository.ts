import type { TelephonyDb } from "../store/telephony-db";

/** call_reconcile_watermarks: per dedicated number, up to where the provider's calls were compared with ours. */
export class CallWatermarkRepository {
  constructor(private readonly db: TelephonyDb) {}

  async find(phoneNumbers: string[]): Promise<Map<string, Date>> {
    if (phoneNumbers.length === 0) return new Map();
    const rows = await this.db.client.callReconcileWatermark.findMany({ where: { phoneNumber: { in: phoneNumbers } } });
    return new Map(rows.map((row) => [row.phoneNumber, row.reconciledUntil]));
  }

  /** Moves forward only (another replica may have gone further). */
  async advance(phoneNumber: string, reconciledUntil: Date): Promise<void> {
    await this.db.client.$executeRawUnsafe(
      `INSERT INTO "telephony"."call_reconcile_watermarks" (phone_number, reconciled_until, updated_at) VALUES ($1, $2::timestamptz, now())
       ON CONFLICT (phone_number) DO UPDATE SET reconciled_until = GREATEST(call_reconcile_watermarks.reconciled_until, EXCLUDED.reconciled_until), updated_at = now()`,
      phoneNumber,
      reconciledUntil.toISOString(),
    );
  }
}
