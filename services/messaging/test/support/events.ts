// Event payloads of other services, as the tests feed them to messaging.
import { type billingV1, commonV1, type EventPayloadInit } from "@rebound/contracts";
import { DAY_NAMES, DEFAULT_WEEKLY_HOURS, type WeeklyHours } from "@rebound/contracts/domain";

const DAY_ENUM = [
  commonV1.DayOfWeek.MONDAY,
  commonV1.DayOfWeek.TUESDAY,
  commonV1.DayOfWeek.WEDNESDAY,
  commonV1.DayOfWeek.THURSDAY,
  commonV1.DayOfWeek.FRIDAY,
  commonV1.DayOfWeek.SATURDAY,
  commonV1.DayOfWeek.SUNDAY,
];

export interface TestSettings {
  smsMessage?: string;
  afterHoursMessage?: string;
  afterHoursEnabled?: boolean;
  smsAutoReplyEnabled?: boolean;
  smsAutoReplyMessage?: string;
  timeZone?: string;
  businessHours?: WeeklyHours;
  isActive?: boolean;
  duplicateWindowSeconds?: number;
  ownerAlertsEnabled?: boolean;
  doNotTextNumbers?: string[];
  inboxForwardNumber?: string;
}

export function settingsPayload(settings: TestSettings = {}) {
  const hours = settings.businessHours ?? DEFAULT_WEEKLY_HOURS;
  return {
    smsMessage: settings.smsMessage ?? "Thanks for calling [Business Name]! We'll call you back soon.",
    afterHoursMessage: settings.afterHoursMessage ?? "[Business Name] is closed. We're back [OPEN_TIME].",
    afterHoursEnabled: settings.afterHoursEnabled ?? false,
    autoReplyEnabled: true,
    smsAutoReplyEnabled: settings.smsAutoReplyEnabled ?? false,
    smsAutoReplyMessage: settings.smsAutoReplyMessage ?? "This number does not take replies. Call [Business Name] instead.",
    timeZone: settings.timeZone ?? "America/New_York",
    businessHours: DAY_NAMES.map((day, index) => ({ day: DAY_ENUM[index], ...hours[day] })),
    isActive: settings.isActive ?? true,
    duplicateWindowSeconds: settings.duplicateWindowSeconds ?? 86_400,
    ownerAlertsEnabled: settings.ownerAlertsEnabled ?? false,
    doNotTextNumbers: settings.doNotTextNumbers ?? [],
    inboxForwardNumber: settings.inboxForwardNumber ?? "",
  };
}

export interface TestBusiness {
  businessId: string;
  userId: string;
  name?: string;
  phone?: string;
  ownerEmail?: string;
  settings?: TestSettings;
}

export function businessCreated(business: TestBusiness): EventPayloadInit<"BusinessCreated"> {
  return {
    businessId: business.businessId,
    userId: business.userId,
    profile: {
      businessName: business.name ?? "Acme Plumbing",
      businessPhone: business.phone ?? "+15550001111",
      website: "acme.example",
      email: "hello@acme.example",
      emergencyNumber: "",
      ownerEmail: business.ownerEmail ?? "owner@acme.example",
    },
    settings: settingsPayload(business.settings),
  };
}

export function subscriptionChanged(userId: string, status: billingV1.SubscriptionStatus, plan = commonV1.Plan.STARTER) {
  return { userId, plan, status, billingFrequency: commonV1.BillingFrequency.MONTHLY } satisfies EventPayloadInit<"SubscriptionChanged">;
}
