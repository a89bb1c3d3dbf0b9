// Applying a validated settings update to the stored settings. The product's payload always carries
// every field; fields the request leaves out (the extras beyond docs/product.md, or an older client)
// keep their stored value.

import type { BusinessSettings } from "./business";

export type SettingsChange = Pick<BusinessSettings, "smsMessage" | "timeZone"> & Partial<Omit<BusinessSettings, "smsMessage" | "timeZone">>;

export interface FieldIssue {
  field: string;
  message: string;
}

export const AFTER_HOURS_MESSAGE_REQUIRED = "After hours message is required when after-hours messaging is enabled";

function defined<T>(value: T | undefined, fallback: T): T {
  return value === undefined ? fallback : value;
}

export function applySettingsChange(current: BusinessSettings, change: SettingsChange): BusinessSettings {
  return {
    smsMessage: change.smsMessage,
    timeZone: change.timeZone,
    afterHoursMessage: defined(change.afterHoursMessage, current.afterHoursMessage),
    afterHoursEnabled: defined(change.afterHoursEnabled, current.afterHoursEnabled),
    autoReplyEnabled: defined(change.autoReplyEnabled, current.autoReplyEnabled),
    smsAutoReplyEnabled: defined(change.smsAutoReplyEnabled, current.smsAutoReplyEnabled),
    smsAutoReplyMessage: defined(change.smsAutoReplyMessage, current.smsAutoReplyMessage),
    businessHours: defined(change.businessHours, current.businessHours),
    isActive: defined(change.isActive, current.isActive),
    duplicateWindowSeconds: defined(change.duplicateWindowSeconds, current.duplicateWindowSeconds),
    ownerAlertsEnabled: defined(change.ownerAlertsEnabled, current.ownerAlertsEnabled),
    doNotTextNumbers: defined(change.doNotTextNumbers, current.doNotTextNumbers),
    averageClientValue: defined(change.averageClientValue, current.averageClientValue),
    closeRatePercent: defined(change.closeRatePercent, current.closeRatePercent),
    allowInternationalCallers: defined(change.allowInternationalCallers, current.allowInternationalCallers),
    textLikelySpoofedCallers: defined(change.textLikelySpoofedCallers, current.textLikelySpoofedCallers),
    voiceTextMessage: defined(change.voiceTextMessage, current.voiceTextMessage),
    voiceNoTextMessage: defined(change.voiceNoTextMessage, current.voiceNoTextMessage),
    voiceNoTextAnswer: defined(change.voiceNoTextAnswer, current.voiceNoTextAnswer),
    voicemailEnabled: defined(change.voicemailEnabled, current.voicemailEnabled),
    inboxForwardNumber: defined(change.inboxForwardNumber, current.inboxForwardNumber),
    forwardingAlertsEnabled: defined(change.forwardingAlertsEnabled, current.forwardingAlertsEnabled),
    closedDates: defined(change.closedDates, current.closedDates),
  };
}

/**
 * Rules that need the resulting settings rather than the request alone: with after-hours on
 * (sent now or already stored), its message must not be blank (docs/product.md section 5).
 */
export function settingsIssues(settings: BusinessSettings): FieldIssue[] {
  if (settings.afterHoursEnabled && settings.afterHoursMessage.trim() === "") {
    return [{ field: "afterHoursMessage", message: AFTER_HOURS_MESSAGE_REQUIRED }];
  }
  return [];
}
