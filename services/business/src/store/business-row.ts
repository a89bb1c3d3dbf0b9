// Rows of business.businesses <-> the domain's Business.

import { DAY_NAMES, storedWeeklyHours, toVoiceNoTextAnswer, type WeeklyHours } from "@rebound/contracts/domain";
import type { Business, ForwardingTestStatusName } from "../domain/business";
import { defaultSettings } from "../domain/business-defaults";
import type { Business as BusinessRow, Prisma } from "../generated/prisma/client";

function toTestStatus(value: string | null): ForwardingTestStatusName | null {
  return value === "success" || value === "failed" ? value : null;
}

export function toBusiness(row: BusinessRow): Business {
  return {
    id: row.id,
    userId: row.userId,
    ownerEmail: row.ownerEmail,
    ownerName: row.ownerName,
    countryCode: row.countryCode,
    profile: {
      businessName: row.businessName,
      businessPhone: row.businessPhone,
      website: row.website,
      email: row.email,
      emergencyNumber: row.emergencyNumber,
    },
    settings: {
      smsMessage: row.smsMessage,
      afterHoursMessage: row.afterHoursMessage,
      afterHoursEnabled: row.afterHoursEnabled,
      autoReplyEnabled: row.autoReplyEnabled,
      smsAutoReplyEnabled: row.smsAutoReplyEnabled,
      smsAutoReplyMessage: row.smsAutoReplyMessage,
      timeZone: row.timeZone,
      businessHours: storedWeeklyHours(row.businessHours, defaultSettings().businessHours),
      isActive: row.isActive,
      duplicateWindowSeconds: row.duplicateWindowSeconds,
      ownerAlertsEnabled: row.ownerAlertsEnabled,
      doNotTextNumbers: row.doNotTextNumbers,
      averageClientValue: row.averageClientValue,
      closeRatePercent: row.closeRatePercent,
      allowInternationalCallers: row.allowInternationalCallers,
      textLikelySpoofedCallers: row.textLikelySpoofedCallers,
      voiceTextMessage: row.voiceTextMessage,
      voiceNoTextMessage: row.voiceNoTextMessage,
      voiceNoTextAnswer: toVoiceNoTextAnswer(row.voiceNoTextAnswer),
      voicemailEnabled: row.voicemailEnabled,
      inboxForwardNumber: row.inboxForwardNumber,
      forwardingAlertsEnabled: row.forwardingAlertsEnabled,
      closedDates: row.closedDates,
    },
    number: {
      dedicatedNumber: row.dedicatedNumber,
      numberSid: row.numberSid,
      phoneNumberPurchasedAt: row.phoneNumberPurchasedAt,
      phoneNumberCountry: row.phoneNumberCountry,
      setupCompleted: row.setupCompleted,
      lastSmsTestDate: row.lastSmsTestDate,
      lastSmsTestStatus: row.lastSmsTestStatus,
      lastCallForwardingTestDate: row.lastCallForwardingTestDate,
      lastCallForwardingTestStatus: toTestStatus(row.lastCallForwardingTestStatus),
    },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function hoursJson(hours: WeeklyHours): Prisma.InputJsonObject {
  return Object.fromEntries(DAY_NAMES.map((day) => [day, { open: hours[day].open, close: hours[day].close, enabled: hours[day].enabled }]));
}

export function settingsColumns(settings: Business["settings"]) {
  return {
    ...settings,
    businessHours: hoursJson(settings.businessHours),
    doNotTextNumbers: [...settings.doNotTextNumbers],
    closedDates: [...settings.closedDates],
  };
}

export function toRow(business: Business): Prisma.BusinessCreateManyInput {
  return {
    id: business.id,
    userId: business.userId,
    ownerEmail: business.ownerEmail,
    ownerName: business.ownerName,
    countryCode: business.countryCode,
    ...business.profile,
    ...settingsColumns(business.settings),
    ...business.number,
    createdAt: business.createdAt,
    updatedAt: business.updatedAt,
  };
}
