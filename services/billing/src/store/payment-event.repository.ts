import type { BillingTx } from "./billing-db";

/** Provider events (webhooks, local provider events) handled once. */
export class PaymentEventRepository {
  /** False when the event was handled before (the caller then changes nothing). */
  async markProcessed(tx: BillingTx, id: string, type: string, now: Date): Promise<boolean> {
    const inserted = await tx.$executeRawUnsafe(
      `INSERT INTO billing.payment_events (id, type, processed_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      id,
      type,
      now,
    );
    return inserted > 0;
  }
}
