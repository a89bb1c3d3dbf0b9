// Business event payloads -> the dispatch config the decision reads.
import { type businessV1, commonV1 } from "@rebound/contracts";
import { DAY_NAMES, DEFAULT_TIME_ZONE, DEFAULT_WEEKLY_HOURS, type DayName, type WeeklyHours } from "@rebound/contracts/domain";
import {
  DEFAULT_AFTER_HOURS_MESSAGE,
  DEFAULT_SMS_AUTO_REPLY_MESSAGE,
  DEFAULT_SMS_MESSAGE,
  type DispatchProfile,
  type DispatchSettings,
} from "./dispatch-config";

const DAY_BY_ENUM: ReadonlyMap<commonV1.DayOfWeek, DayName> = new Map([
  [commonV1.DayOfWeek.MONDAY, "monday"],
  [commonV1.DayOfWeek.TUESDAY, "tuesday"],
  [commonV1.DayOfWeek.WEDNESDAY, "wednesday"],
  [commonV1.DayOfWeek.THURSDAY, "thursday"],
  [commonV1.DayOfWeek.FRIDAY, "friday"],
  [commonV1.DayOfWeek.SATURDAY, "saturday"],
  [commonV1.DayOfWeek.SUNDAY, "sunday"],
]);

/** A zone the runtime can use; anything else falls back to the product's default, so the hot path never throws. */
export function usableTimeZone(value: string): string {
  if (value === "") return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Days missing from the event are closed; an event with no hours at all means the defaults. */
function weeklyHours(days: commonV1.DayHours[]): WeeklyHours {
  if (days.length === 0) return structuredClone(DEFAULT_WEEKLY_HOURS) as WeeklyHours;
  const hours = Object.fromEntries(DAY_NAMES.map((day) => [day, { open: "09:00", close: "17:00", enabled: false }])) as WeeklyHours;
  for (const entry of days) {
    const day = DAY_BY_ENUM.get(entry.day);
    if (day) hours[day] = { open: entry.open, close: entry.close, enabled: entry.enabled };
  }
  return hours;
}

export function toDispatchSettings(settings: businessV1.BusinessSettings | undefined): DispatchSettings {
  return {
    smsMessage: settings?.smsMessage || DEFAULT_SMS_MESSAGE,
    afterHoursMessage: settings?.afterHoursMessage || DEFAULT_AFTER_HOURS_MESSAGE,
    afterHoursEnabled: settings?.afterHoursEnabled ?? false,
    smsAutoReplyEnabled: settings?.smsAutoReplyEnabled ?? false,
    smsAutoReplyMessage: settings?.smsAutoReplyMessage || DEFAULT_SMS_AUTO_REPLY_MESSAGE,
    timeZone: usableTimeZone(settings?.timeZone ?? ""),
    businessHours: weeklyHours(settings?.businessHours ?? []),
    isActive: settings?.isActive ?? true,
    duplicateWindowSeconds: settings?.duplicateWindowSeconds ?? 0,
    ownerAlertsEnabled: settings?.ownerAlertsEnabled ?? false,
    doNotTextNumbers: [...(settings?.doNotTextNumbers ?? [])],
    allowInternationalCallers: settings?.allowInternationalCallers ?? false,
    textLikelySpoofedCallers: settings?.textLikelySpoofedCallers ?? false,
    inboxForwardNumber: settings?.inboxForwardNumber ?? "",
  };
}

export function toDispatchProfile(profile: businessV1.BusinessProfile | undefined): DispatchProfile {
  return {
    businessName: profile?.businessName ?? "",
    businessPhone: profile?.businessPhone ?? "",
    website: profile?.website ?? "",
    email: profile?.email ?? "",
    emergencyNumber: profile?.emergencyNumber ?? "",
    ownerEmail: profile?.ownerEmail ?? "",
    ownerName: profile?.ownerName ?? "",
  };
}
