// Business state as the protobuf payloads of the business events (rebound.business.v1).

import { businessV1, commonV1, timestampFromDate, type EventPayloadInit } from "@rebound/contracts";
import { DAY_NAMES, type DayName, type VoiceNoTextAnswerName } from "@rebound/contracts/domain";
import type { Business, BusinessSettings } from "./business";

const NO_TEXT_ANSWER: Readonly<Record<VoiceNoTextAnswerName, businessV1.VoiceNoTextAnswer>> = {
  say: businessV1.VoiceNoTextAnswer.SAY,
  silence: businessV1.VoiceNoTextAnswer.SILENCE,
  reject: businessV1.VoiceNoTextAnswer.REJECT,
};

type SettingsInit = NonNullable<EventPayloadInit<"BusinessSettingsUpdated">["settings"]>;
type ProfileInit = NonNullable<EventPayloadInit<"BusinessProfileUpdated">["profile"]>;

const DAY_OF_WEEK: Readonly<Record<DayName, commonV1.DayOfWeek>> = {
  monday: commonV1.DayOfWeek.MONDAY,
  tuesday: commonV1.DayOfWeek.TUESDAY,
  wednesday: commonV1.DayOfWeek.WEDNESDAY,
  thursday: commonV1.DayOfWeek.THURSDAY,
  friday: commonV1.DayOfWeek.FRIDAY,
  saturday: commonV1.DayOfWeek.SATURDAY,
  sunday: commonV1.DayOfWeek.SUNDAY,
};

export function settingsPayload(settings: BusinessSettings): SettingsInit {
  return {
    smsMessage: settings.smsMessage,
    afterHoursMessage: settings.afterHoursMessage,
    afterHoursEnabled: settings.afterHoursEnabled,
    autoReplyEnabled: settings.autoReplyEnabled,
    smsAutoReplyEnabled: settings.smsAutoReplyEnabled,
    smsAutoReplyMessage: settings.smsAutoReplyMessage,
    timeZone: settings.timeZone,
    businessHours: DAY_NAMES.map((day) => ({ day: DAY_OF_WEEK[day], ...settings.businessHours[day] })),
    isActive: settings.isActive,
    duplicateWindowSeconds: settings.duplicateWindowSeconds,
    ownerAlertsEnabled: settings.ownerAlertsEnabled,
    doNotTextNumbers: [...settings.doNotTextNumbers],
    averageClientValue: settings.averageClientValue,
    closeRatePercent: settings.closeRatePercent,
    allowInternationalCallers: settings.allowInternationalCallers,
    textLikelySpoofedCallers: settings.textLikelySpoofedCallers,
    voiceTextMessage: settings.voiceTextMessage,
    voiceNoTextMessage: settings.voiceNoTextMessage,
    voiceNoTextAnswer: NO_TEXT_ANSWER[settings.voiceNoTextAnswer],
    voicemailEnabled: settings.voicemailEnabled,
    inboxForwardNumber: settings.inboxForwardNumber,
    forwardingAlertsEnabled: settings.forwardingAlertsEnabled,
    closedDates: [...settings.closedDates],
  };
}

export function profilePayload(business: Business): ProfileInit {
  return { ...business.profile, ownerEmail: business.ownerEmail, ownerName: business.ownerName };
}

export function businessCreatedPayload(business: Business): EventPayloadInit<"BusinessCreated"> {
  return {
    businessId: business.id,
    userId: business.userId,
    profile: profilePayload(business),
    settings: settingsPayload(business.settings),
    createdAt: timestampFromDate(business.createdAt),
  };
}

export function settingsUpdatedPayload(business: Business): EventPayloadInit<"BusinessSettingsUpdated"> {
  return {
    businessId: business.id,
    userId: business.userId,
    settings: settingsPayload(business.settings),
    updatedAt: timestampFromDate(business.updatedAt),
  };
}

export function profileUpdatedPayload(business: Business): EventPayloadInit<"BusinessProfileUpdated"> {
  return {
    businessId: business.id,
    userId: business.userId,
    profile: profilePayload(business),
    updatedAt: timestampFromDate(business.updatedAt),
  };
}
