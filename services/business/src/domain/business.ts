// The business of one owner (docs/product.md section 3, `businesses`), as the rest of the service sees it.

import type { VoiceNoTextAnswerName, WeeklyHours } from "@rebound/contracts/domain";

/** Who the business is; fills [Business Name], [WEBSITE], [EMAIL] and [EMERGENCY_NUMBER]. */
export interface BusinessProfile {
  /** Empty until the owner sets it: sign-up does not ask for it. */
  businessName: string;
  /** E.164, or empty until set. */
  businessPhone: string;
  website: string;
  email: string;
  /** E.164 or empty. */
  emergencyNumber: string;
}

/** What the business tells callers and when, plus the call path's per-business switches. */
export interface BusinessSettings {
  smsMessage: string;
  afterHoursMessage: string;
  afterHoursEnabled: boolean;
  autoReplyEnabled: boolean;
  smsAutoReplyEnabled: boolean;
  smsAutoReplyMessage: string;
  /** One of the 16 supported IANA names. */
  timeZone: string;
  businessHours: WeeklyHours;
  /** SMS automation switched on. */
  isActive: boolean;
  /** The same caller is texted at most once within this window; 0 texts every missed call. */
  duplicateWindowSeconds: number;
  ownerAlertsEnabled: boolean;
  /** E.164 numbers never texted, e.g. the owner's own mobile. */
  doNotTextNumbers: string[];
  /** The revenue estimate's inputs (the calculator's): a new client's average value in whole USD... */
  averageClientValue: number;
  /** ...and the percent of callers who become clients (0-100). */
  closeRatePercent: number;
  /** Text callers outside the US and Canada (international SMS rates). Off by default. */
  allowInternationalCallers: boolean;
  /** Text callers whose caller id failed STIR/SHAKEN (likely spoofed). Off by default. */
  textLikelySpoofedCallers: boolean;
  /**
   * Spoken to a missed caller who may get a text; empty: telephony's neutral default (VOICE_ANSWER_MESSAGE).
   * Opted-out, capped and repeat callers hear it too: only messaging knows those, after the answer.
   */
  voiceTextMessage: string;
  /** Spoken to a missed caller who will get no text, with voiceNoTextAnswer "say"; empty: telephony's default. */
  voiceNoTextMessage: string;
  /** What a caller who will get no text hears: the message, silence (answer and hang up), or <Reject/>. */
  voiceNoTextAnswer: VoiceNoTextAnswerName;
  /**
   * Missed callers may leave a voicemail after the answer (docs/conversations.md section 3). On for new
   * businesses, off for those created before voicemail existed.
   */
  voicemailEnabled: boolean;
  /**
   * The owner's mobile (E.164) that callers' replies and voicemails are texted to, from the business's
   * number (docs/conversations.md section 5); "" is off.
   */
  inboxForwardNumber: string;
  /**
   * The forwarding watchdog's e-mails to the owner ("check needed" and the all-clear,
   * docs/forwarding-watchdog.md). On by default; the status still changes when off.
   */
  forwardingAlertsEnabled: boolean;
  /** Holidays and other closed days besides the weekly hours: local 'YYYY-MM-DD', sorted, unique. */
  closedDates: string[];
}

export type ForwardingTestStatusName = "success" | "failed";

/** Read model of telephony events: never written by this service's API. */
export interface NumberView {
  dedicatedNumber: string | null;
  numberSid: string | null;
  phoneNumberPurchasedAt: Date | null;
  /** ISO 3166-1 alpha-2. */
  phoneNumberCountry: string;
  setupCompleted: boolean;
  lastSmsTestDate: Date | null;
  lastSmsTestStatus: string | null;
  lastCallForwardingTestDate: Date | null;
  lastCallForwardingTestStatus: ForwardingTestStatusName | null;
}

export interface Business {
  id: string;
  userId: string;
  /** The account's e-mail, where owner alerts go; kept in sync from identity events. */
  ownerEmail: string;
  /** The account holder's first and last name (identity events): [Business Name]'s fallback. */
  ownerName: string;
  countryCode: string;
  profile: BusinessProfile;
  settings: BusinessSettings;
  number: NumberView;
  createdAt: Date;
  updatedAt: Date;
}
