import { DAY_NAMES, storedWeeklyHours, toVoiceNoTextAnswer, type WeeklyHours } from "@rebound/contracts/domain";
import type { BusinessCallSettings } from "../domain/voice-answer";
import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

/** Telephony's read model of a business (from business events). */
export interface BusinessRecord extends BusinessCallSettings {
  businessId: string;
  userId: string;
}

/** What the texting registration's campaign is built from (the business's own profile and texts). */
export interface BusinessTexts {
  businessName: string;
  ownerName: string;
  website: string;
  email: string;
  emergencyNumber: string;
  smsMessage: string;
  afterHoursMessage: string;
  afterHoursEnabled: boolean;
}

/** What the forwarding watchdog needs of a business (docs/forwarding-watchdog.md). */
export interface BusinessWatchdogSettings {
  userId: string;
  /** E.164 of the owner's phone: what the scheduled self-test calls ("" until set). */
  businessPhone: string;
  businessHours: WeeklyHours;
  timeZone: string;
  forwardingAlertsEnabled: boolean;
  /** Local 'YYYY-MM-DD'. */
  closedDates: string[];
}

export type BusinessChanges = Partial<BusinessCallSettings & BusinessTexts & Omit<BusinessWatchdogSettings, "userId" | "businessPhone">>;

type Client = Prisma.TransactionClient;

const SELECT = {
  businessId: true,
  userId: true,
  businessPhone: true,
  answerCalls: true,
  isActive: true,
  doNotTextNumbers: true,
  allowInternationalCallers: true,
  textLikelySpoofedCallers: true,
  voiceTextMessage: true,
  voiceNoTextMessage: true,
  voiceNoTextAnswer: true,
  voicemailEnabled: true,
} as const;

type Row = Prisma.BusinessDirectoryGetPayload<{ select: typeof SELECT }>;

const WATCHDOG_SELECT = {
  userId: true,
  businessPhone: true,
  businessHours: true,
  timeZone: true,
  forwardingAlertsEnabled: true,
  closedDates: true,
} as const;

function hoursJson(hours: WeeklyHours): Prisma.InputJsonObject {
  return Object.fromEntries(DAY_NAMES.map((day) => [day, { open: hours[day].open, close: hours[day].close, enabled: hours[day].enabled }]));
}

function toColumns(changes: BusinessChanges) {
  const { businessHours, ...rest } = changes;
  return { ...rest, ...(businessHours ? { businessHours: hoursJson(businessHours) } : {}) };
}

function toRecord(row: Row): BusinessRecord {
  return { ...row, doNotTextNumbers: row.doNotTextNumbers ?? [], voiceNoTextAnswer: toVoiceNoTextAnswer(row.voiceNoTextAnswer) };
}

export class BusinessDirectoryRepository {
  constructor(private readonly db: TelephonyDb) {}

  async listAll(): Promise<BusinessRecord[]> {
    return (await this.db.client.businessDirectory.findMany({ select: SELECT })).map(toRecord);
  }

  async findByUser(userId: string): Promise<BusinessRecord | null> {
    const row = await this.db.client.businessDirectory.findUnique({ where: { userId }, select: SELECT });
    return row ? toRecord(row) : null;
  }

  async findByBusiness(businessId: string): Promise<BusinessRecord | null> {
    const row = await this.db.client.businessDirectory.findUnique({ where: { businessId }, select: SELECT });
    return row ? toRecord(row) : null;
  }

  async findTexts(businessId: string): Promise<BusinessTexts | null> {
    return this.db.client.businessDirectory.findUnique({
      where: { businessId },
      select: {
        businessName: true,
        ownerName: true,
        website: true,
        email: true,
        emergencyNumber: true,
        smsMessage: true,
        afterHoursMessage: true,
        afterHoursEnabled: true,
      },
    });
  }

  /** The forwarding watchdog's view of a business (its hours, time zone, alert switch, closed days). */
  async findWatchdogSettings(businessId: string): Promise<BusinessWatchdogSettings | null> {
    const row = await this.db.client.businessDirectory.findUnique({ where: { businessId }, select: WATCHDOG_SELECT });
    return row ? { ...row, businessHours: storedWeeklyHours(row.businessHours), closedDates: row.closedDates ?? [] } : null;
  }

  /** Creates or updates the business; `changes` without a field leaves it as it is. */
  async upsert(tx: Client, businessId: string, userId: string, changes: BusinessChanges): Promise<BusinessRecord> {
    const columns = toColumns(changes);
    const row = await tx.businessDirectory.upsert({
      where: { businessId },
      create: { businessId, userId, ...columns },
      update: { userId, ...columns },
      select: SELECT,
    });
    return toRecord(row);
  }
}
