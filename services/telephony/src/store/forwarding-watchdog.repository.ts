// The forwarding watchdog's reads (forwarded calls, completed tests) and its own table, forwarding_watchdog.
import type { DayName } from "@rebound/contracts/domain";
import { DAY_NAMES } from "@rebound/contracts/domain";
import type { ForwardingStatusName, SelfTestSchedule, StoredWatchdog } from "../domain/forwarding-watchdog";
import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

type Client = Prisma.TransactionClient;

/** One business's stored watchdog row, as the use cases see it. */
export interface WatchdogRecord extends StoredWatchdog {
  businessId: string;
  version: number;
  selfTest: SelfTestSchedule;
  selfTestSlot: string | null;
  selfTestFailedAt: Date | null;
}

export interface CompletedTest {
  status: "success" | "failed";
  completedAt: Date;
}

const toStatus = (value: string): ForwardingStatusName => (value === "verified" || value === "check_needed" ? value : "unknown");
const toWeekday = (value: string): DayName => ((DAY_NAMES as readonly string[]).includes(value) ? (value as DayName) : "tuesday");

type Row = Prisma.ForwardingWatchdogGetPayload<object>;

function toRecord(row: Row): WatchdogRecord {
  return {
    businessId: row.businessId,
    status: toStatus(row.status),
    checkNeededSince: row.checkNeededSince,
    lastAlertAt: row.lastAlertAt,
    alertOpen: row.alertOpen,
    version: row.version,
    selfTest: { enabled: row.selfTestEnabled, weekday: toWeekday(row.selfTestWeekday), time: row.selfTestTime },
    selfTestSlot: row.selfTestSlot,
    selfTestFailedAt: row.selfTestFailedAt,
  };
}

export class ForwardingWatchdogRepository {
  constructor(private readonly db: TelephonyDb) {}

  async find(businessId: string): Promise<WatchdogRecord | null> {
    const row = await this.db.client.forwardingWatchdog.findUnique({ where: { businessId } });
    return row ? toRecord(row) : null;
  }

  /** Start times of the business's forwarded missed calls since `since` (the rate's history). */
  async forwardedCallTimes(businessId: string, since: Date): Promise<Date[]> {
    const rows = await this.db.client.call.findMany({
      where: { businessId, purpose: "missed_call", createdAt: { gte: since } },
      select: { startTime: true },
      orderBy: { startTime: "asc" },
    });
    return rows.map((row) => row.startTime);
  }

  /** The first and the last forwarded missed call of the business. */
  async forwardedCallBounds(businessId: string): Promise<{ first: Date | null; last: Date | null }> {
    const bounds = await this.db.client.call.aggregate({
      where: { businessId, purpose: "missed_call" },
      _min: { startTime: true },
      _max: { startTime: true },
    });
    return { first: bounds._min.startTime, last: bounds._max.startTime };
  }

  /** The latest concluded forwarding test (manual or scheduled), and the latest that passed. */
  async testResults(businessId: string): Promise<{ latest: CompletedTest | null; lastPassedAt: Date | null }> {
    const [latest, passed] = await Promise.all([
      this.db.client.forwardingTest.findFirst({
        where: { businessId, status: { in: ["success", "failed"] }, completedAt: { not: null } },
        orderBy: { completedAt: "desc" },
        select: { status: true, completedAt: true },
      }),
      this.db.client.forwardingTest.findFirst({
        where: { businessId, status: "success", completedAt: { not: null } },
        orderBy: { completedAt: "desc" },
        select: { completedAt: true },
      }),
    ]);
    return {
      latest: latest?.completedAt ? { status: latest.status === "success" ? "success" : "failed", completedAt: latest.completedAt } : null,
      lastPassedAt: passed?.completedAt ?? null,
    };
  }

  /** Businesses with a dedicated number: the ones the job evaluates. */
  async businessesWithNumbers(): Promise<string[]> {
    return (await this.db.client.phoneNumber.findMany({ select: { businessId: true } })).map((row) => row.businessId);
  }

  /** Businesses whose weekly self-test is on. */
  async withSelfTest(): Promise<WatchdogRecord[]> {
    return (await this.db.client.forwardingWatchdog.findMany({ where: { selfTestEnabled: true } })).map(toRecord);
  }

  async saveSelfTest(businessId: string, schedule: SelfTestSchedule): Promise<WatchdogRecord> {
    const data = { selfTestEnabled: schedule.enabled, selfTestWeekday: schedule.weekday, selfTestTime: schedule.time };
    return toRecord(await this.db.client.forwardingWatchdog.upsert({ where: { businessId }, create: { businessId, ...data }, update: data }));
  }

  /** Takes this week's self-test slot; false when another run (replica, or before a restart) took it. */
  async claimSelfTestSlot(businessId: string, slot: string): Promise<boolean> {
    const { count } = await this.db.client.forwardingWatchdog.updateMany({
      where: { businessId, selfTestEnabled: true, OR: [{ selfTestSlot: null }, { selfTestSlot: { not: slot } }] },
      data: { selfTestSlot: slot },
    });
    return count > 0;
  }

  async recordSelfTestFailed(businessId: string, at: Date): Promise<void> {
    await this.db.client.forwardingWatchdog.updateMany({ where: { businessId }, data: { selfTestFailedAt: at } });
  }

  /**
   * Writes a status change over the version it was computed from (creating the row at version 0); false when
   * another run changed it first, and then nothing is written (nor appended by the caller).
   */
  async saveTransition(tx: Client, businessId: string, version: number, next: StoredWatchdog): Promise<boolean> {
    const data = { status: next.status, checkNeededSince: next.checkNeededSince, lastAlertAt: next.lastAlertAt, alertOpen: next.alertOpen };
    if (version === 0) {
      const created = await tx.forwardingWatchdog.createMany({ data: [{ businessId, ...data, version: 1 }], skipDuplicates: true });
      if (created.count > 0) return true;
    }
    const { count } = await tx.forwardingWatchdog.updateMany({ where: { businessId, version }, data: { ...data, version: { increment: 1 } } });
    return count > 0;
  }
}
