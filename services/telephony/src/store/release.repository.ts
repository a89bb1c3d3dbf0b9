import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

export interface ReleaseRecord {
  id: string;
  userId: string;
  businessId: string;
  phoneNumber: string;
  providerSid: string;
  scheduledReleaseDate: Date;
  reason: string;
  status: string;
}

type Client = Prisma.TransactionClient;

const SELECT = {
  id: true,
  userId: true,
  businessId: true,
  phoneNumber: true,
  providerSid: true,
  scheduledReleaseDate: true,
  reason: true,
  status: true,
} as const;

export class ReleaseRepository {
  constructor(private readonly db: TelephonyDb) {}

  /**
   * Schedules the release of a number. The product's unique (user, number, status)
   * allows one cancelled row per number, so a cancelled release is scheduled
   * again rather than a new row added; one already scheduled or in progress stays.
   */
  async schedule(tx: Client, release: Omit<ReleaseRecord, "status" | "reason"> & { reason?: string }): Promise<"scheduled" | "already"> {
    const existing = await tx.phoneNumberRelease.findMany({
      where: { userId: release.userId, phoneNumber: release.phoneNumber, status: { in: ["scheduled", "releasing", "cancelled"] } },
      select: { id: true, status: true },
    });
    if (existing.some((row) => row.status !== "cancelled")) return "already";
    const cancelled = existing.find((row) => row.status === "cancelled");
    const data = {
      providerSid: release.providerSid,
      businessId: release.businessId,
      scheduledReleaseDate: release.scheduledReleaseDate,
      status: "scheduled",
      cancelledAt: null,
      reason: release.reason ?? "subscription_cancellation",
    };
    if (cancelled) await tx.phoneNumberRelease.update({ where: { id: cancelled.id }, data });
    else await tx.phoneNumberRelease.create({ data: { id: release.id, userId: release.userId, phoneNumber: release.phoneNumber, ...data } });
    return "scheduled";
  }

  /** Cancels the user's scheduled releases; returns how many. */
  async cancelScheduled(tx: Client, userId: string, at: Date): Promise<number> {
    const { count } = await tx.phoneNumberRelease.updateMany({ where: { userId, status: "scheduled" }, data: { status: "cancelled", cancelledAt: at } });
    return count;
  }

  /**
   * Claims due rows for this run: scheduled and due, or claimed by a run that
   * died long ago. One UPDATE ... WHERE status ... RETURNING with SKIP LOCKED, so
   * concurrent runs on several replicas never claim the same row.
   */
  claimDue(client: Client, now: Date, staleClaimBefore: Date, limit: number): Promise<ReleaseRecord[]> {
    return client.$queryRaw<ReleaseRecord[]>`
      UPDATE "telephony"."phone_number_releases" AS r
      SET status = 'releasing', claimed_at = ${now}, attempts = r.attempts + 1
      WHERE r.id IN (
        SELECT id FROM "telephony"."phone_number_releases"
        WHERE (status = 'scheduled' AND scheduled_release_date <= ${now})
           OR (status = 'releasing' AND claimed_at < ${staleClaimBefore})
        ORDER BY scheduled_release_date
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      AND (r.status = 'scheduled' OR (r.status = 'releasing' AND r.claimed_at < ${staleClaimBefore}))
      RETURNING r.id::text AS "id", r.user_id AS "userId", r.business_id AS "businessId", r.phone_number AS "phoneNumber",
        r.provider_sid AS "providerSid", r.scheduled_release_date AS "scheduledReleaseDate", r.reason, r.status`;
  }

  async markReleased(tx: Client, id: string, at: Date): Promise<void> {
    await tx.phoneNumberRelease.update({ where: { id }, data: { status: "released", releasedAt: at, lastError: null } });
  }

  /** Gives a claimed row back after a failed attempt; the next run tries again. */
  async unclaim(client: Client, id: string, error: string): Promise<void> {
    await client.phoneNumberRelease.updateMany({
      where: { id, status: "releasing" },
      data: { status: "scheduled", claimedAt: null, lastError: error.slice(0, 500) },
    });
  }

  findByUser(userId: string): Promise<ReleaseRecord[]> {
    return this.db.client.phoneNumberRelease.findMany({ where: { userId }, select: SELECT, orderBy: { createdAt: "asc" } });
  }
}
