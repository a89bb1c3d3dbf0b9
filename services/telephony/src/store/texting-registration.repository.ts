import type { TextingRegistrationKindName, TextingRegistrationStatusName } from "@rebound/contracts/domain";
import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

/** The saga's steps, in order (docs/texting-registration.md C3); `done` once approved. */
export const REGISTRATION_STEPS = [
  "account",
  "business_profile",
  "brand",
  "wait_brand",
  "messaging_service",
  "number",
  "campaign",
  "wait_campaign",
  "done",
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/** The provider's ids, saved one by one as the saga creates them. */
export interface RegistrationSids {
  accountSid?: string;
  customerProfile?: string;
  trustProduct?: string;
  brand?: string;
  messagingService?: string;
  campaign?: string;
  /** The number (PN...) put in the messaging service. */
  phoneNumber?: string;
}

/** The owner's answers: the fields shown back as they are, and the EIN and contact data sealed. */
export interface StoredRegistrationInput {
  plain: Record<string, string>;
  /** The secret box's output over JSON of the private fields. */
  sealed: string;
}

export interface TextingRegistrationRecord {
  id: string;
  businessId: string;
  userId: string;
  attempt: number;
  kind: TextingRegistrationKindName;
  status: Exclude<TextingRegistrationStatusName, "not_started">;
  step: RegistrationStep;
  input: StoredRegistrationInput;
  sids: RegistrationSids;
  /** When each of the view's steps finished or failed (ISO). */
  stepTimes: Record<string, string>;
  failureCode: string | null;
  failureReason: string | null;
  submittedAt: Date;
  approvedAt: Date | null;
  verificationSentAt: Date | null;
  updatedAt: Date;
}

/** What one saga step changes. */
export type RegistrationChanges = Partial<
  Pick<TextingRegistrationRecord, "status" | "step" | "sids" | "stepTimes" | "failureCode" | "failureReason" | "approvedAt" | "verificationSentAt">
>;

type Client = Prisma.TransactionClient;
type Row = Prisma.TextingRegistrationGetPayload<object>;

/** Statuses the saga job still advances. */
export const IN_FLIGHT_STATUSES = ["submitted", "brand_approved", "needs_verification"] as const;

function toRecord(row: Row): TextingRegistrationRecord {
  return {
    id: row.id,
    businessId: row.businessId,
    userId: row.userId,
    attempt: row.attempt,
    kind: row.kind as TextingRegistrationKindName,
    status: row.status as TextingRegistrationRecord["status"],
    step: row.step as RegistrationStep,
    input: row.input as unknown as StoredRegistrationInput,
    sids: (row.sids ?? {}) as RegistrationSids,
    stepTimes: (row.stepTimes ?? {}) as Record<string, string>,
    failureCode: row.failureCode,
    failureReason: row.failureReason,
    submittedAt: row.submittedAt,
    approvedAt: row.approvedAt,
    verificationSentAt: row.verificationSentAt,
    updatedAt: row.updatedAt,
  };
}

export class TextingRegistrationRepository {
  constructor(private readonly db: TelephonyDb) {}

  /** The business's latest attempt, or null. */
  async findLatest(client: Client | undefined, businessId: string): Promise<TextingRegistrationRecord | null> {
    const row = await (client ?? this.db.client).textingRegistration.findFirst({ where: { businessId }, orderBy: { attempt: "desc" } });
    return row ? toRecord(row) : null;
  }

  async findById(client: Client | undefined, id: string): Promise<TextingRegistrationRecord | null> {
    const row = await (client ?? this.db.client).textingRegistration.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  /** Inserts a new attempt; the live-business partial unique index refuses a second live one (P2002). */
  async insert(tx: Client, record: Omit<TextingRegistrationRecord, "updatedAt">): Promise<TextingRegistrationRecord> {
    const row = await tx.textingRegistration.create({
      data: {
        ...record,
        input: record.input as unknown as Prisma.InputJsonValue,
        sids: record.sids as Prisma.InputJsonValue,
        stepTimes: record.stepTimes as Prisma.InputJsonValue,
        updatedAt: record.submittedAt,
      },
    });
    return toRecord(row);
  }

  async update(tx: Client, id: string, changes: RegistrationChanges, at: Date): Promise<TextingRegistrationRecord> {
    const { sids, stepTimes, ...rest } = changes;
    const row = await tx.textingRegistration.update({
      where: { id },
      data: {
        ...rest,
        ...(sids ? { sids: sids as Prisma.InputJsonValue } : {}),
        ...(stepTimes ? { stepTimes: stepTimes as Prisma.InputJsonValue } : {}),
        updatedAt: at,
      },
    });
    return toRecord(row);
  }

  /**
   * Leases up to `limit` registrations in flight whose lease is free or expired, for one job run:
   * one UPDATE ... RETURNING over a SELECT ... FOR UPDATE SKIP LOCKED, so runs on several replicas
   * never take the same row; a run that dies leaves a lease that expires.
   */
  async leaseInFlight(client: Client, now: Date, leaseUntil: Date, limit: number): Promise<string[]> {
    const rows = await client.$queryRaw<{ id: string }[]>`
      UPDATE "telephony"."texting_registrations" AS r
      SET lease_until = ${leaseUntil}
      WHERE r.id IN (
        SELECT id FROM "telephony"."texting_registrations"
        WHERE status IN ('submitted', 'brand_approved', 'needs_verification')
          AND (lease_until IS NULL OR lease_until < ${now})
        ORDER BY updated_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      AND (r.lease_until IS NULL OR r.lease_until < ${now})
      RETURNING r.id::text AS "id"`;
    return rows.map((row) => row.id);
  }

  /** Frees a lease this run holds. */
  async releaseLease(client: Client, id: string, lastError?: string): Promise<void> {
    await client.textingRegistration.updateMany({
      where: { id },
      data: { leaseUntil: null, ...(lastError !== undefined ? { lastError: lastError.slice(0, 500) } : {}) },
    });
  }

  /** Businesses whose registration is approved (the voice answer's in-memory set). */
  async listApprovedBusinessIds(): Promise<string[]> {
    const rows = await this.db.client.textingRegistration.findMany({ where: { status: "approved" }, select: { businessId: true } });
    return rows.map((row) => row.businessId);
  }
}
