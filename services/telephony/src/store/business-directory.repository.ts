import { toVoiceNoTextAnswer } from "@rebound/contracts/domain";
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

export type BusinessChanges = Partial<BusinessCallSettings & BusinessTexts>;

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

  /** Creates or updates the business; `changes` without a field leaves it as it is. */
  async upsert(tx: Client, businessId: string, userId: string, changes: BusinessChanges): Promise<BusinessRecord> {
    const row = await tx.businessDirectory.upsert({
      where: { businessId },
      create: { businessId, userId, ...changes },
      update: { userId, ...changes },
      select: SELECT,
    });
    return toRecord(row);
  }
}
