// business_configs and subscriptions: the persisted half of the dispatch config read model.
import { ENTITLEMENT_STATUSES } from "@rebound/contracts/domain";
import { z } from "zod";
import type { BusinessConfig, DispatchProfile, DispatchSettings, SubscriptionView } from "../domain/dispatch-config";
import type { Prisma } from "../generated/prisma/client";
import { table, type MessagingDb, type Queryable } from "./messaging-db";

const dayHours = z.object({ open: z.string(), close: z.string(), enabled: z.boolean() });
const settingsSchema = z.object({
  smsMessage: z.string(),
  afterHoursMessage: z.string(),
  afterHoursEnabled: z.boolean(),
  smsAutoReplyEnabled: z.boolean(),
  smsAutoReplyMessage: z.string(),
  timeZone: z.string(),
  businessHours: z.object({
    monday: dayHours,
    tuesday: dayHours,
    wednesday: dayHours,
    thursday: dayHours,
    friday: dayHours,
    saturday: dayHours,
    sunday: dayHours,
  }),
  isActive: z.boolean(),
  duplicateWindowSeconds: z.number(),
  ownerAlertsEnabled: z.boolean(),
  doNotTextNumbers: z.array(z.string()),
  // Rows written before issue 18 lack these: the defaults (do not text).
  allowInternationalCallers: z.boolean().default(false),
  textLikelySpoofedCallers: z.boolean().default(false),
  // Rows written before issue 26's notifications: off.
  inboxForwardNumber: z.string().default(""),
});
const profileSchema = z.object({
  businessName: z.string(),
  businessPhone: z.string(),
  website: z.string(),
  email: z.string(),
  emergencyNumber: z.string(),
  ownerEmail: z.string(),
  ownerName: z.string().default(""),
});
const planSchema = z.enum(["starter", "professional", "enterprise"]);
const statusSchema = z.enum(ENTITLEMENT_STATUSES);

const json = (value: DispatchSettings | DispatchProfile) => value as unknown as Prisma.InputJsonValue;

/**
 * updated_at is when the row changed, by the writer's wall clock (not the domain clock): it
 * is the watermark of the read model's refresh, whose overlap absorbs skew between replicas.
 */
const changedNow = () => new Date();

/** What messaging keeps of a TextingRegistrationChanged. */
export interface TextingRegistrationView {
  messagingServiceSid: string;
  usTextingAllowed: boolean;
  changedAt: Date;
}

export interface Stamped<T> {
  value: T;
  updatedAt: Date;
}

export class BusinessConfigRepository {
  constructor(private readonly db: MessagingDb) {}

  async saveSettings(tx: Queryable, businessId: string, userId: string, settings: DispatchSettings) {
    const at = changedNow();
    await tx.businessConfig.upsert({
      where: { businessId },
      create: { businessId, userId: userId || null, settings: json(settings), updatedAt: at },
      update: { settings: json(settings), updatedAt: at, ...(userId ? { userId } : {}) },
    });
  }

  async saveProfile(tx: Queryable, businessId: string, userId: string, profile: DispatchProfile) {
    const at = changedNow();
    await tx.businessConfig.upsert({
      where: { businessId },
      create: { businessId, userId: userId || null, profile: json(profile), updatedAt: at },
      update: { profile: json(profile), updatedAt: at, ...(userId ? { userId } : {}) },
    });
  }

  /** A number belongs to one business: a stale holder (its release not seen yet) lets go of it (and of its account). */
  async saveDedicatedNumber(tx: Queryable, businessId: string, userId: string, phoneNumber: string, accountSid: string) {
    const at = changedNow();
    const account = accountSid || null;
    await tx.businessConfig.updateMany({
      where: { dedicatedNumber: phoneNumber, NOT: { businessId } },
      data: { dedicatedNumber: null, accountSid: null, updatedAt: at },
    });
    await tx.businessConfig.upsert({
      where: { businessId },
      create: { businessId, userId: userId || null, dedicatedNumber: phoneNumber, accountSid: account, updatedAt: at },
      update: { dedicatedNumber: phoneNumber, accountSid: account, updatedAt: at, ...(userId ? { userId } : {}) },
    });
  }

  /** The number and the account that owned it go together. */
  async releaseDedicatedNumber(tx: Queryable, businessId: string, phoneNumber: string) {
    const at = changedNow();
    await tx.businessConfig.updateMany({
      where: { businessId, dedicatedNumber: phoneNumber },
      data: { dedicatedNumber: null, accountSid: null, updatedAt: at },
    });
  }

  /**
   * The registration's part of the row, unless a later change was already applied (events of
   * different topics and replays may arrive in any order: the latest changed_at wins). True when written.
   */
  async saveTextingRegistration(tx: Queryable, businessId: string, userId: string, registration: TextingRegistrationView): Promise<boolean> {
    const at = changedNow();
    const written = await tx.$executeRawUnsafe(
      `INSERT INTO ${table("business_configs")} (business_id, user_id, messaging_service_sid, us_texting_allowed, registration_changed_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)
       ON CONFLICT (business_id) DO UPDATE SET messaging_service_sid = EXCLUDED.messaging_service_sid,
         us_texting_allowed = EXCLUDED.us_texting_allowed, registration_changed_at = EXCLUDED.registration_changed_at,
         updated_at = EXCLUDED.updated_at, user_id = COALESCE(EXCLUDED.user_id, ${table("business_configs")}.user_id)
       WHERE ${table("business_configs")}.registration_changed_at IS NULL OR ${table("business_configs")}.registration_changed_at <= EXCLUDED.registration_changed_at`,
      businessId,
      userId || null,
      registration.messagingServiceSid || null,
      registration.usTextingAllowed,
      registration.changedAt,
      at,
    );
    return written > 0;
  }

  /** Sign-up's plan, unless billing already spoke for this user. */
  async saveSignupSubscription(tx: Queryable, userId: string, view: SubscriptionView) {
    const at = changedNow();
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("subscriptions")} (user_id, plan, status, source, updated_at) VALUES ($1, $2, $3, 'signup', $4::timestamptz)
       ON CONFLICT (user_id) DO NOTHING`,
      userId,
      view.plan,
      view.status,
      at,
    );
  }

  async saveBillingSubscription(tx: Queryable, userId: string, view: SubscriptionView) {
    const at = changedNow();
    await tx.userSubscription.upsert({
      where: { userId },
      create: { userId, plan: view.plan, status: view.status, source: "billing", updatedAt: at },
      update: { plan: view.plan, status: view.status, source: "billing", updatedAt: at },
    });
  }

  /** Rows changed after `since` (all without it), oldest first. */
  async loadBusinesses(since?: Date): Promise<Stamped<BusinessConfig>[]> {
    const rows = await this.db.client.businessConfig.findMany({
      where: since ? { updatedAt: { gt: since } } : {},
      orderBy: { updatedAt: "asc" },
    });
    return rows.map((row) => ({
      updatedAt: row.updatedAt,
      value: {
        businessId: row.businessId,
        userId: row.userId ?? undefined,
        settings: row.settings === null ? undefined : settingsSchema.parse(row.settings),
        profile: row.profile === null ? undefined : profileSchema.parse(row.profile),
        dedicatedNumber: row.dedicatedNumber ?? undefined,
        accountSid: row.accountSid ?? undefined,
        messagingServiceSid: row.messagingServiceSid ?? undefined,
        usTextingAllowed: row.usTextingAllowed,
        registrationChangedAt: row.registrationChangedAt ?? undefined,
      },
    }));
  }

  async loadSubscriptions(since?: Date): Promise<Stamped<{ userId: string; view: SubscriptionView }>[]> {
    const rows = await this.db.client.userSubscription.findMany({
      where: since ? { updatedAt: { gt: since } } : {},
      orderBy: { updatedAt: "asc" },
    });
    return rows.map((row) => ({
      updatedAt: row.updatedAt,
      value: {
        userId: row.userId,
        view: {
          plan: planSchema.parse(row.plan),
          status: statusSchema.parse(row.status),
          source: row.source === "billing" ? "billing" : "signup",
        },
      },
    }));
  }
}
