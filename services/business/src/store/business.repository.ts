import { randomUUID } from "node:crypto";
import type { Business, BusinessProfile, BusinessSettings, NumberView } from "../domain/business";
import type { BusinessDb, BusinessTx } from "./business-db";
import { settingsColumns, toBusiness, toRow } from "./business-row";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class BusinessRepository {
  constructor(private readonly db: BusinessDb) {}

  newId(): string {
    return randomUUID();
  }

  async findByUserId(userId: string): Promise<Business | null> {
    const row = await this.db.client.business.findUnique({ where: { userId } });
    return row ? toBusiness(row) : null;
  }

  /** Inserts unless the user already has a business; false when one existed (a repeated sign-up event). */
  async insertIfAbsent(tx: BusinessTx, business: Business): Promise<boolean> {
    const { count } = await tx.business.createMany({ data: [toRow(business)], skipDuplicates: true });
    return count === 1;
  }

  /** Reads the business and locks its row until the transaction ends, so concurrent updates serialise. */
  async lockByUserId(tx: BusinessTx, userId: string): Promise<Business | null> {
    await tx.$queryRaw`SELECT 1 FROM "business"."businesses" WHERE user_id = ${userId} FOR UPDATE`;
    const row = await tx.business.findUnique({ where: { userId } });
    return row ? toBusiness(row) : null;
  }

  async lockById(tx: BusinessTx, id: string): Promise<Business | null> {
    if (!UUID.test(id)) return null;
    await tx.$queryRaw`SELECT 1 FROM "business"."businesses" WHERE id = ${id}::uuid FOR UPDATE`;
    const row = await tx.business.findUnique({ where: { id } });
    return row ? toBusiness(row) : null;
  }

  async saveSettings(tx: BusinessTx, id: string, settings: BusinessSettings, at: Date): Promise<Business> {
    const row = await tx.business.update({ where: { id }, data: { ...settingsColumns(settings), updatedAt: at } });
    return toBusiness(row);
  }

  async saveProfile(tx: BusinessTx, id: string, profile: BusinessProfile, at: Date): Promise<Business> {
    const row = await tx.business.update({ where: { id }, data: { ...profile, updatedAt: at } });
    return toBusiness(row);
  }

  async saveOwner(tx: BusinessTx, id: string, owner: { ownerEmail: string; ownerName: string }, at: Date): Promise<Business> {
    const row = await tx.business.update({ where: { id }, data: { ...owner, updatedAt: at } });
    return toBusiness(row);
  }

  async saveNumberView(tx: BusinessTx, id: string, view: NumberView, at: Date): Promise<Business> {
    const row = await tx.business.update({ where: { id }, data: { ...view, updatedAt: at } });
    return toBusiness(row);
  }
}
