import { DEFAULT_WEEKLY_HOURS } from "@rebound/contracts/domain";
import type { Business } from "@/shared/business/get-business";

/** GET /api/business's answer for a set-up business with a number (Configure's tests). */
export function sampleBusiness(overrides: Partial<Business> = {}): Business {
  return {
    id: "b1",
    businessName: "Acme Plumbing",
    businessPhone: "+12125550100",
    website: "",
    email: "pat@example.com",
    emergencyNumber: "",
    countryCode: "US",
    dedicatedTwilioNumber: "+12125550111",
    phoneNumberPurchasedAt: null,
    smsMessage: "Thanks for calling [Business Name]!",
    afterHoursMessage: "We're closed.",
    afterHoursEnabled: false,
    autoReplyEnabled: true,
    smsAutoReplyEnabled: false,
    smsAutoReplyMessage: "",
    businessHours: DEFAULT_WEEKLY_HOURS,
    timeZone: "America/New_York",
    isActive: true,
    duplicateWindowHours: 24,
    ownerAlertsEnabled: true,
    doNotTextNumbers: [],
    averageClientValue: 100,
    closeRate: 30,
    allowInternationalCallers: false,
    textLikelySpoofedCallers: false,
    voiceTextMessage: "",
    voiceNoTextMessage: "",
    voiceNoTextAnswer: "say",
    setupCompleted: true,
    lastCallForwardingTestDate: null,
    lastCallForwardingTestStatus: null,
    ...overrides,
  };
}
