// Defaults of a new business: docs/product.md sections 3 and 9.

import { DEFAULT_TIME_ZONE, DEFAULT_VOICE_NO_TEXT_ANSWER, DEFAULT_WEEKLY_HOURS, DAY_NAMES, type WeeklyHours } from "@rebound/contracts/domain";
import type { Business, BusinessProfile, BusinessSettings, NumberView } from "./business";

export const DEFAULT_SMS_MESSAGE = "Thanks for calling! We missed your call but will get back to you soon.";
export const DEFAULT_AFTER_HOURS_MESSAGE = "Thanks for calling! We're currently closed but will get back to you during business hours.";
/**
 * The auto-reply of a new business. The spec's default ('... does not receive replies.') stopped being true
 * when the inbox came (docs/conversations.md): the owner reads and answers replies, so the new default says
 * so. Businesses created before keep the text they have (stored, never rewritten).
 */
export const DEFAULT_SMS_AUTO_REPLY_MESSAGE = "Thank you for your message. [Business Name] will get back to you soon.";
export const DEFAULT_DUPLICATE_WINDOW_SECONDS = 24 * 60 * 60;
export const DEFAULT_COUNTRY_CODE = "+1";
export const DEFAULT_PHONE_NUMBER_COUNTRY = "US";
/** The calculator's defaults (docs/product.md section 2, Calculator): average value 500, close rate 25 %. */
export const DEFAULT_AVERAGE_CLIENT_VALUE = 500;
export const DEFAULT_CLOSE_RATE_PERCENT = 25;

function copyHours(hours: Readonly<WeeklyHours>): WeeklyHours {
  const entries = DAY_NAMES.map((day) => [day, { ...hours[day] }] as const);
  return Object.fromEntries(entries) as WeeklyHours;
}

/**
 * afterHoursEnabled is false: the entity's default (section 3). Section 9's "business form default
 * true" is what an empty form would show, and every business has a stored value to fill it from.
 */
export function defaultSettings(): BusinessSettings {
  return {
    smsMessage: DEFAULT_SMS_MESSAGE,
    afterHoursMessage: DEFAULT_AFTER_HOURS_MESSAGE,
    afterHoursEnabled: false,
    autoReplyEnabled: true,
    smsAutoReplyEnabled: false,
    smsAutoReplyMessage: DEFAULT_SMS_AUTO_REPLY_MESSAGE,
    timeZone: DEFAULT_TIME_ZONE,
    businessHours: copyHours(DEFAULT_WEEKLY_HOURS),
    isActive: true,
    duplicateWindowSeconds: DEFAULT_DUPLICATE_WINDOW_SECONDS,
    ownerAlertsEnabled: true,
    doNotTextNumbers: [],
    averageClientValue: DEFAULT_AVERAGE_CLIENT_VALUE,
    closeRatePercent: DEFAULT_CLOSE_RATE_PERCENT,
    allowInternationalCallers: false,
    textLikelySpoofedCallers: false,
    voiceTextMessage: "",
    voiceNoTextMessage: "",
    voiceNoTextAnswer: DEFAULT_VOICE_NO_TEXT_ANSWER,
    // New businesses take voicemails; those created before voicemail existed keep it off (the column's default).
    voicemailEnabled: true,
    inboxForwardNumber: "",
    forwardingAlertsEnabled: true,
    closedDates: [],
  };
}

/**
 * Sign-up asks for neither the business name nor its phone, so both start empty. Until the owner
 * fills them, messaging names the business by the owner's name (BusinessProfile.owner_name), then
 * "the business you called" (see docs/decisions.md, issue 18).
 */
export function emptyProfile(): BusinessProfile {
  return { businessName: "", businessPhone: "", website: "", email: "", emergencyNumber: "" };
}

export function emptyNumberView(): NumberView {
  return {
    dedicatedNumber: null,
    numberSid: null,
    phoneNumberPurchasedAt: null,
    phoneNumberCountry: DEFAULT_PHONE_NUMBER_COUNTRY,
    setupCompleted: false,
    lastSmsTestDate: null,
    lastSmsTestStatus: null,
    lastCallForwardingTestDate: null,
    lastCallForwardingTestStatus: null,
  };
}

export interface NewBusinessInput {
  id: string;
  userId: string;
  ownerEmail: string;
  /** The account holder's name from sign-up ("" when identity sent none). */
  ownerName?: string;
  at: Date;
}

/** "Ada" + "Owner" => "Ada Owner"; blanks and inner runs of whitespace dropped, at most 100 characters. */
export function ownerNameOf(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.replace(/\s+/g, " ").trim().slice(0, 100);
}

export function newBusiness(input: NewBusinessInput): Business {
  return {
    id: input.id,
    userId: input.userId,
    ownerEmail: input.ownerEmail,
    ownerName: input.ownerName ?? "",
    countryCode: DEFAULT_COUNTRY_CODE,
    profile: emptyProfile(),
    settings: defaultSettings(),
    number: emptyNumberView(),
    createdAt: input.at,
    updatedAt: input.at,
  };
}
