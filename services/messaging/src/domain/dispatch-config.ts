// The dispatch config read model as the pure decision code sees it: plain data, no I/O.
import type { PlanName } from "@rebound/contracts";
import type { EntitlementStatus, WeeklyHours } from "@rebound/contracts/domain";

export interface DispatchSettings {
  smsMessage: string;
  afterHoursMessage: string;
  afterHoursEnabled: boolean;
  smsAutoReplyEnabled: boolean;
  smsAutoReplyMessage: string;
  /** IANA name; always one the runtime knows (see toDispatchSettings). */
  timeZone: string;
  businessHours: WeeklyHours;
  isActive: boolean;
  duplicateWindowSeconds: number;
  ownerAlertsEnabled: boolean;
  /** E.164 numbers never texted (the owner's own mobile ...). */
  doNotTextNumbers: string[];
  /** Text callers outside the US and Canada (off: SmsSuppressed international). */
  allowInternationalCallers: boolean;
  /** Text callers whose caller id failed STIR/SHAKEN (off: SmsSuppressed likely_spoofed). */
  textLikelySpoofedCallers: boolean;
  /** The owner's mobile (E.164) that callers' replies and voicemails are texted to; "" is off. */
  inboxForwardNumber: string;
}

export interface DispatchProfile {
  businessName: string;
  /** The business's own phone (E.164): calls from it never trigger a text. */
  businessPhone: string;
  website: string;
  email: string;
  emergencyNumber: string;
  ownerEmail: string;
  /** The account holder's name: the business name's fallback until the owner names the business. */
  ownerName: string;
}

/** What a compliance reply calls a business with neither a name nor an owner's name. */
export const UNNAMED_BUSINESS = "The business you called";

/** The business name texted to callers: the profile's name, else the owner's name, else "" (unknown). */
export function businessNameOf(profile: DispatchProfile | undefined): string {
  const clean = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
  return clean(profile?.businessName) || clean(profile?.ownerName);
}

/** One business as the read model holds it; parts stay undefined until their event arrived. */
export interface BusinessConfig {
  businessId: string;
  userId?: string;
  settings?: DispatchSettings;
  profile?: DispatchProfile;
  dedicatedNumber?: string;
  /** The provider account that owns the dedicated number (the business's subaccount); undefined: the main account. */
  accountSid?: string;
  /** The business's messaging service (its registered campaign), once telephony created it. */
  messagingServiceSid?: string;
  /** US carriers deliver this business's texts to US callers (its texting registration is approved). */
  usTextingAllowed?: boolean;
  /** changed_at of the last TextingRegistrationChanged applied (an older one is ignored). */
  registrationChangedAt?: Date;
}

export interface SubscriptionView {
  plan: PlanName;
  status: EntitlementStatus;
  /** signup: learnt from UserRegistered; billing: from SubscriptionChanged (wins). */
  source: "signup" | "billing";
}

/**
 * A user this service has heard nothing of yet (their events still on the way). Telephony sells a
 * number only to a subscription in good standing, so a business that has a number and an unknown
 * owner had one when it bought it: the call is texted rather than lost. UserRegistered replaces it
 * (trialing with a card, "none" without), SubscriptionChanged after that.
 */
export const DEFAULT_SUBSCRIPTION: Readonly<SubscriptionView> = Object.freeze({
  plan: "starter",
  status: "trialing",
  source: "signup",
});

/** docs/product.md section 3 defaults, used when a business left a message empty. */
export const DEFAULT_SMS_MESSAGE = "Thanks for calling! We missed your call but will get back to you soon.";
export const DEFAULT_AFTER_HOURS_MESSAGE = "Thanks for calling! We're currently closed but will get back to you during business hours.";
/** Not the spec's "... does not receive replies": replies reach the owner's inbox (docs/conversations.md). */
export const DEFAULT_SMS_AUTO_REPLY_MESSAGE = "Thank you for your message. [Business Name] will get back to you soon.";
export const DEFAULT_DUPLICATE_WINDOW_SECONDS = 24 * 60 * 60;
/** Longest duplicate window honoured; also how far back the read model loads caller contacts. */
export const MAX_DUPLICATE_WINDOW_SECONDS = 31 * 24 * 60 * 60;

/** The window in ms: proto3 cannot tell 0 from unset, so 0 (or less) means the 24 h default. */
export function duplicateWindowMs(settings: DispatchSettings): number {
  const seconds = settings.duplicateWindowSeconds > 0 ? settings.duplicateWindowSeconds : DEFAULT_DUPLICATE_WINDOW_SECONDS;
  return Math.min(seconds, MAX_DUPLICATE_WINDOW_SECONDS) * 1000;
}
