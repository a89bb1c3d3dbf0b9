// What to do with a missed call: text the caller (which message) or not (why).
// Pure: the read model's view of the business and caller, the call, and the instant.
import { PLAN_MONTHLY_CAP } from "@rebound/contracts";
import { buildPlaceholderValues, isOpenAt, renderMessage, type PlaceholderValues } from "@rebound/contracts/src/domain";
import {
  DEFAULT_AFTER_HOURS_MESSAGE,
  DEFAULT_SMS_MESSAGE,
  duplicateWindowMs,
  type BusinessConfig,
  type DispatchProfile,
  type DispatchSettings,
  type SubscriptionView,
} from "./dispatch-config";
import { sameNumber } from "./phone-number";

export interface MissedCall {
  callId: string;
  callerNumber: string;
  /** The dedicated number the call was forwarded to: the sender of the text. */
  dedicatedNumber: string;
}

/** The read model's answers for one business and caller. */
export interface DispatchState {
  business?: BusinessConfig;
  subscription: SubscriptionView;
  optedOut: boolean;
  /** Missed calls texted this calendar month (the business's time zone). */
  textedThisMonth: number;
  lastTextedAt?: Date;
}

export const SUPPRESSION_REASONS = [
  "unknown_business",
  "own_number",
  "inactive",
  "no_subscription",
  "opted_out",
  "cap_reached",
  "duplicate_window",
] as const;
export type SuppressionReasonName = (typeof SUPPRESSION_REASONS)[number];

export type MissedCallSmsKind = "missed_call" | "after_hours";

export type DispatchDecision =
  | { type: "suppress"; reason: SuppressionReasonName }
  | { type: "send"; kind: MissedCallSmsKind; body: string };

const suppress = (reason: SuppressionReasonName): DispatchDecision => ({ type: "suppress", reason });

export function isUsableSubscription(subscription: SubscriptionView): boolean {
  return subscription.status === "trialing" || subscription.status === "active";
}

export function monthlyCap(subscription: SubscriptionView): number {
  return PLAN_MONTHLY_CAP[subscription.plan];
}

/** [Business Name], [OPEN_TIME] ... of this business at `now`. */
export function placeholderValues(settings: DispatchSettings, profile: DispatchProfile | undefined, now: Date): PlaceholderValues {
  return buildPlaceholderValues(
    {
      businessName: profile?.businessName,
      website: profile?.website,
      email: profile?.email,
      emergencyNumber: profile?.emergencyNumber,
      businessHours: settings.businessHours,
      timeZone: settings.timeZone,
    },
    now,
  );
}

export function isOwnNumber(caller: string, dedicatedNumber: string, settings: DispatchSettings, profile?: DispatchProfile): boolean {
  const own = [dedicatedNumber, profile?.businessPhone ?? "", ...settings.doNotTextNumbers];
  return own.some((number) => sameNumber(caller, number));
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

export function decide(state: DispatchState, call: MissedCall, now: Date): DispatchDecision {
  const settings = state.business?.settings;
  if (!state.business || !settings) return suppress("unknown_business");
  if (isOwnNumber(call.callerNumber, call.dedicatedNumber, settings, state.business.profile)) return suppress("own_number");
  if (!settings.isActive) return suppress("inactive");
  if (!isUsableSubscription(state.subscription)) return suppress("no_subscription");
  if (state.optedOut) return suppress("opted_out");
  if (state.textedThisMonth >= monthlyCap(state.subscription)) return suppress("cap_reached");
  if (state.lastTextedAt && now.getTime() - state.lastTextedAt.getTime() < duplicateWindowMs(settings)) {
    return suppress("duplicate_window");
  }
  return { type: "send", ...chooseMessage(settings, state.business.profile, now) };
}
