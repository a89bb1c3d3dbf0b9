// What to do with a missed call: text the caller (which message) or not (why).
// Pure: the read model's view of the business and caller, the call, and the instant.
import { PLAN_MONTHLY_CAP } from "@rebound/contracts";
import { buildPlaceholderValues, isInGoodStanding, isOpenAt, renderMessage, type PlaceholderValues } from "@rebound/contracts/domain";
import {
  businessNameOf,
  DEFAULT_AFTER_HOURS_MESSAGE,
  DEFAULT_SMS_MESSAGE,
  duplicateWindowMs,
  type BusinessConfig,
  type DispatchProfile,
  type DispatchSettings,
  type SubscriptionView,
} from "./dispatch-config";
import { classifyCaller, samePhoneNumber, screenCaller, stirVerdict, usA2pRegistrationApplies, type CallerIdKind } from "@rebound/contracts/domain";

export interface MissedCall {
  callId: string;
  /** Twilio's From as received: a number, or a withheld caller id (classified by screenCaller). */
  callerNumber: string;
  /** The dedicated number the call was forwarded to: the sender of the text. */
  dedicatedNumber: string;
  /** Twilio's StirVerstat (STIR/SHAKEN); absent or empty when Twilio sent none. */
  stirVerstat?: string;
  /** How telephony classified the caller id when it recorded the call (the same rule); absent: classified here. */
  callerIdKind?: CallerIdKind;
  /** When the call came in (CallMissed.occurred_at); absent: now. */
  occurredAt?: Date;
}

/** The line type lookup's answer (TWILIO_LOOKUP_ENABLED); undefined when not looked up (off, timed out, failed). */
export type LineTypeName = "mobile" | "landline" | "voip" | "other";

/** The read model's answers for one business and caller. */
export interface DispatchState {
  business?: BusinessConfig;
  subscription: SubscriptionView;
  optedOut: boolean;
  /** Missed calls texted this calendar month (the business's time zone). */
  textedThisMonth: number;
  lastTextedAt?: Date;
  /** The caller's line type when it was looked up; only "landline" stops a text. */
  lineType?: LineTypeName;
  /**
   * TEXTING_REGISTRATION_REQUIRED: US callers are texted only by a business whose US texting
   * registration is approved (absent: false, nothing changes).
   */
  textingRegistrationRequired?: boolean;
  /** MESSAGING_TEXT_MAX_AGE_MS: a call older than this when decided is not texted (too_late); absent: no limit. */
  textMaxAgeMs?: number;
}

export const SUPPRESSION_REASONS = [
  "unknown_business",
  "withheld_caller_id",
  "own_number",
  "inactive",
  "no_subscription",
  "international",
  "likely_spoofed",
  "opted_out",
  "cap_reached",
  "duplicate_window",
  "registration_pending",
  "landline",
  "too_late",
] as const;
export type SuppressionReasonName = (typeof SUPPRESSION_REASONS)[number];

export type MissedCallSmsKind = "missed_call" | "after_hours";

export type DispatchDecision = { type: "suppress"; reason: SuppressionReasonName } | { type: "send"; kind: MissedCallSmsKind; body: string };

const suppress = (reason: SuppressionReasonName): DispatchDecision => ({ type: "suppress", reason });

export function isUsableSubscription(subscription: SubscriptionView): boolean {
  return isInGoodStanding(subscription.status);
}

export function monthlyCap(subscription: SubscriptionView): number {
  return PLAN_MONTHLY_CAP[subscription.plan];
}

/** [Business Name], [OPEN_TIME] ... of this business at `now`. */
export function placeholderValues(settings: DispatchSettings, profile: DispatchProfile | undefined, now: Date): PlaceholderValues {
  return buildPlaceholderValues(
    {
      businessName: businessNameOf(profile),
      website: profile?.website,
      email: profile?.email,
      emergencyNumber: profile?.emergencyNumber,
      businessHours: settings.businessHours,
      timeZone: settings.timeZone,
    },
    now,
  );
}

/** US carriers would block this text: registration is required, not approved yet, and the rule applies to this sender and caller. */
export function registrationPending(state: DispatchState, call: MissedCall): boolean {
  if (!state.textingRegistrationRequired || state.business?.usTextingAllowed) return false;
  const sender = call.dedicatedNumber || state.business?.dedicatedNumber || "";
  return usA2pRegistrationApplies(sender, call.callerNumber);
}

/**
 * A call recorded late (spooled while the database was away, or found by reconciliation with the
 * provider) is texted only while a text still reads as the answer to the call; older, the owner is
 * told to call back instead (an owner alert), never a caller texted hours later.
 */
export function isTooLate(state: Pick<DispatchState, "textMaxAgeMs">, call: Pick<MissedCall, "occurredAt">, now: Date): boolean {
  if (state.textMaxAgeMs === undefined || !call.occurredAt) return false;
  return now.getTime() - call.occurredAt.getTime() > state.textMaxAgeMs;
}

export function isOwnNumber(caller: string, dedicatedNumber: string, settings: DispatchSettings, profile?: DispatchProfile): boolean {
  const own = [dedicatedNumber, profile?.businessPhone ?? "", ...settings.doNotTextNumbers];
  return own.some((number) => samePhoneNumber(caller, number));
}

/**
 * The text for a call at `now`: the after-hours message when after-hours is on and the business
 * is closed now in its time zone, else the normal one; placeholders filled by the shared
 * renderer (which never leaves a literal "[...]"); an empty message falls back to the default.
 */
export function chooseMessage(settings: DispatchSettings, profile: DispatchProfile | undefined, now: Date) {
  const afterHours = settings.afterHoursEnabled && !isOpenAt(settings.businessHours, settings.timeZone, now);
  const values = placeholderValues(settings, profile, now);
  const template = afterHours ? settings.afterHoursMessage : settings.smsMessage;
  const fallback = afterHours ? DEFAULT_AFTER_HOURS_MESSAGE : DEFAULT_SMS_MESSAGE;
  const rendered = renderMessage(template, values);
  const body = rendered.trim() === "" ? renderMessage(fallback, values) : rendered;
  const kind: MissedCallSmsKind = afterHours ? "after_hours" : "missed_call";
  return { kind, body };
}

/**
 * The rules, in the order they are checked: unknown business; a withheld caller id (never
 * texted); the business's own numbers; automation off; no usable subscription; an international
 * caller the owner does not text; a failed STIR/SHAKEN check the owner does not text; opted out;
 * a call too old for a text to help (too_late); the monthly cap; the duplicate window; US texting not registered yet (TEXTING_REGISTRATION_REQUIRED,
 * a US caller of a US number: carriers would block the text with 30034; checked before the paid
 * line type lookup, and never sent later); a landline (only when the line type was looked up).
 * The caller-id rules are contracts' screenCaller, which telephony's voice answer foresees.
 */
export function decide(state: DispatchState, call: MissedCall, now: Date): DispatchDecision {
  const settings = state.business?.settings;
  if (!state.business || !settings) return suppress("unknown_business");
  // Telephony's classification spares a phone number parse per call (a new caller misses every cache).
  const caller = call.callerIdKind ? { kind: call.callerIdKind, stir: stirVerdict(call.stirVerstat) } : classifyCaller(call.callerNumber, call.stirVerstat);
  if (caller.kind === "withheld") return suppress("withheld_caller_id");
  if (isOwnNumber(call.callerNumber, call.dedicatedNumber, settings, state.business.profile)) return suppress("own_number");
  if (!settings.isActive) return suppress("inactive");
  if (!isUsableSubscription(state.subscription)) return suppress("no_subscription");
  const screened = screenCaller(caller, { allowInternational: settings.allowInternationalCallers, textLikelySpoofed: settings.textLikelySpoofedCallers });
  if (screened) return suppress(screened);
  if (state.optedOut) return suppress("opted_out");
  if (isTooLate(state, call, now)) return suppress("too_late");
  if (state.textedThisMonth >= monthlyCap(state.subscription)) return suppress("cap_reached");
  if (state.lastTextedAt && now.getTime() - state.lastTextedAt.getTime() < duplicateWindowMs(settings)) {
    return suppress("duplicate_window");
  }
  if (registrationPending(state, call)) return suppress("registration_pending");
  if (state.lineType === "landline") return suppress("landline");
  return { type: "send", ...chooseMessage(settings, state.business.profile, now) };
}
