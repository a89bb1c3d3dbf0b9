// Business event payloads -> the dispatch config the decision reads.
import { type businessV1, weeklyHoursFromEvent } from "@rebound/contracts";
import { DEFAULT_TIME_ZONE } from "@rebound/contracts/domain";
import {
  DEFAULT_AFTER_HOURS_MESSAGE,
  DEFAULT_SMS_AUTO_REPLY_MESSAGE,
  DEFAULT_SMS_MESSAGE,
  type DispatchProfile,
  type DispatchSettings,
} from "./dispatch-config";

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

export function toDispatchSettings(settings: businessV1.BusinessSettings | undefined): DispatchSettings {
  return {
    smsMessage: settings?.smsMessage || DEFAULT_SMS_MESSAGE,
    afterHoursMessage: settings?.afterHoursMessage || DEFAULT_AFTER_HOURS_MESSAGE,
    afterHoursEnabled: settings?.afterHoursEnabled ?? false,
    smsAutoReplyEnabled: settings?.smsAutoReplyEnabled ?? false,
    smsAutoReplyMessage: settings?.smsAutoReplyMessage || DEFAULT_SMS_AUTO_REPLY_MESSAGE,
    timeZone: usableTimeZone(settings?.timeZone ?? ""),
    businessHours: weeklyHoursFromEvent(settings?.businessHours ?? []),
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
