// The business as the web app reads it: every field of docs/product.md section 3 under its name there
// ({telephony} = Twilio), the profile extras, the call-path settings and each message's length.

import type { Business } from "../domain/business";
import { messageStats } from "../domain/message-stats";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toBusinessResponse(business: Business, at: Date) {
  const { profile, settings, number } = business;
  return {
    id: business.id,
    userId: business.userId,
    businessName: profile.businessName,
    businessPhone: profile.businessPhone,
    website: profile.website,
    email: profile.email,
    emergencyNumber: profile.emergencyNumber,
    ownerEmail: business.ownerEmail,
    ownerName: business.ownerName,
    countryCode: business.countryCode,
    dedicatedTwilioNumber: number.dedicatedNumber,
    twilioNumberSid: number.numberSid,
    phoneNumberPurchasedAt: iso(number.phoneNumberPurchasedAt),
    phoneNumberCountry: number.phoneNumberCountry,
    smsMessage: settings.smsMessage,
    afterHoursMessage: settings.afterHoursMessage,
    afterHoursEnabled: settings.afterHoursEnabled,
    autoReplyEnabled: settings.autoReplyEnabled,
    smsAutoReplyEnabled: settings.smsAutoReplyEnabled,
    smsAutoReplyMessage: settings.smsAutoReplyMessage,
    businessHours: settings.businessHours,
    timeZone: settings.timeZone,
    isActive: settings.isActive,
    duplicateWindowHours: settings.duplicateWindowSeconds / 3600,
    ownerAlertsEnabled: settings.ownerAlertsEnabled,
    doNotTextNumbers: settings.doNotTextNumbers,
    averageClientValue: settings.averageClientValue,
    closeRate: settings.closeRatePercent,
    allowInternationalCallers: settings.allowInternationalCallers,
    textLikelySpoofedCallers: settings.textLikelySpoofedCallers,
    voiceTextMessage: settings.voiceTextMessage,
    voiceNoTextMessage: settings.voiceNoTextMessage,
    voiceNoTextAnswer: settings.voiceNoTextAnswer,
    voicemailEnabled: settings.voicemailEnabled,
    inboxForwardNumber: settings.inboxForwardNumber,
    forwardingAlertsEnabled: settings.forwardingAlertsEnabled,
    closedDates: settings.closedDates,
    setupCompleted: number.setupCompleted,
    lastSmsTestDate: iso(number.lastSmsTestDate),
    lastSmsTestStatus: number.lastSmsTestStatus,
    lastCallForwardingTestDate: iso(number.lastCallForwardingTestDate),
    lastCallForwardingTestStatus: number.lastCallForwardingTestStatus,
    createdAt: business.createdAt.toISOString(),
    updatedAt: business.updatedAt.toISOString(),
    messageStats: messageStats(settings, profile, at),
  };
}

export type BusinessResponse = ReturnType<typeof toBusinessResponse>;
