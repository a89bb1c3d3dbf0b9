import { ENTITLEMENT_STATUSES, type EntitlementStatus } from "@rebound/contracts/domain";
import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

export interface EntitlementRecord {
  userId: string;
  status: EntitlementStatus;
}

type Client = Prisma.TransactionClient;

function toStatus(status: string): EntitlementStatus {
  return (ENTITLEMENT_STATUSES as readonly string[]).includes(status) ? (status as EntitlementStatus) : "unknown";
}

/** user_entitlements: each user's subscription status (from identity's and billing's events). */
export class EntitlementRepository {
  constructor(private readonly db: TelephonyDb) {}

  async listAll(): Promise<EntitlementRecord[]> {
    const rows = await this.db.client.userEntitlement.findMany({ select: { userId: true, status: true } });
    return rows.map((row) => ({ userId: row.userId, status: toStatus(row.status) }));
  }

  async findByUser(userId: string): Promise<EntitlementRecord | null> {
    const row = await this.db.client.userEntitlement.findUnique({ where: { userId }, select: { userId: true, status: true } });
    return row ? { userId: row.userId, status: toStatus(row.status) } : null;
  }

  /** The sign-up's status, unless billing has spoken already (its event may arrive first). Returns the row as it is now. */
  async saveFromSignup(tx: Client, userId: string, status: EntitlementStatus): Promise<EntitlementRecord> {
    const row = await tx.userEntitlement.upsert({
      where: { userId },
      create: { userId, status, source: "signup" },
      update: {},
      select: { userId: true, status: true },
    });
    return { userId: row.userId, status: toStatus(row.status) };
  }

  /** Billing's word: always the latest. */
  async saveFromBilling(tx: Client, userId: string, status: EntitlementStatus): Promise<EntitlementRecord> {
    await tx.userEntitlement.upsert({
      where: { userId },
      create: { userId, status, source: "billing" },
      update: { status, source: "billing" },
    });
    return { userId, status };
  }
}
