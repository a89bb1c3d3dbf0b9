import {
  DAY_NAMES,
  DEFAULT_TIME_ZONE,
  DEFAULT_VOICE_NO_TEXT_ANSWER,
  DEFAULT_WEEKLY_HOURS,
  displayPhoneNumber,
  MAX_MESSAGE_LENGTH,
  validateWeeklyHours,
  VOICE_NO_TEXT_ANSWERS,
  type VoiceNoTextAnswerName,
  type WeeklyHours,
} from "@rebound/contracts/domain";
import { z } from "zod";
import type { Business } from "@/shared/business/get-business";
import type { BusinessSettingsPayload } from "@/shared/business/update-business";
import { MAX_CLOSED_DATES } from "./closed-dates";

export const AFTER_HOURS_MESSAGE_REQUIRED = "After hours message is required when after-hours messaging is enabled";
export const INBOX_FORWARD_NUMBER_REQUIRED = "Enter your mobile number to get texts";
/** Business's message for a number it can't text, word for word (it answers 400 on inboxForwardNumber). */
export const INBOX_FORWARD_NUMBER_INVALID = "Mobile number for texts must be a US or Canadian number, such as (212) 555-0123";

/**
 * A US or Canadian number as an owner types it: 10 digits, optionally after a 1 or +1, with spaces,
 * dots, dashes or brackets between. Lenient on purpose: business normalises it and has the last word.
 */
export function looksLikeNorthAmericanNumber(value: string): boolean {
  const text = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, "");
  if (text.startsWith("+")) return digits.length === 11 && digits.startsWith("1");
  return digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
}

const dayHours = z.object({ open: z.string(), close: z.string(), enabled: z.boolean() });
const tooLong = (what: string) => `${what} must be at most ${MAX_MESSAGE_LENGTH} characters`;

/** What business accepts for a spoken answer (its update-settings schema, same message). */
export const MAX_VOICE_MESSAGE_LENGTH = 300;
const voiceMessage = (what: string) => z.string().max(MAX_VOICE_MESSAGE_LENGTH, `${what} must be at most ${MAX_VOICE_MESSAGE_LENGTH} characters`);

/** The Business Setup form (docs/product.md section 5): its rules and messages, word for word. */
export const businessFormSchema = z
  .object({
    customMessage: z.string().trim().min(1, "Custom message is required").max(MAX_MESSAGE_LENGTH, tooLong("Custom message")),
    afterHoursMessage: z.string().max(MAX_MESSAGE_LENGTH, tooLong("After hours message")),
    afterHoursEnabled: z.boolean(),
    smsAutoReplyEnabled: z.boolean(),
    smsAutoReplyMessage: z.string().max(MAX_MESSAGE_LENGTH, tooLong("Auto-reply message")),
    timeZone: z.string().min(1, "Time zone is required"),
    businessHours: z.object(Object.fromEntries(DAY_NAMES.map((day) => [day, dayHours])) as Record<(typeof DAY_NAMES)[number], typeof dayHours>),
    isActive: z.boolean(),
    allowInternationalCallers: z.boolean(),
    textLikelySpoofedCallers: z.boolean(),
    voiceTextMessage: voiceMessage("Voice message when a text follows"),
    voiceNoTextAnswer: z.enum(VOICE_NO_TEXT_ANSWERS),
    voiceNoTextMessage: voiceMessage("Voice message when no text follows"),
    voicemailEnabled: z.boolean(),
    /** The switch "Text me callers' replies and voicemails"; only the number travels (business reads "" as off). */
    inboxForwardEnabled: z.boolean(),
    inboxForwardNumber: z.string(),
    /** Holidays, "YYYY-MM-DD" (the forwarding watchdog expects no calls on them). */
    closedDates: z.array(z.string()).max(MAX_CLOSED_DATES, `At most ${MAX_CLOSED_DATES} closed days`),
  })
  .superRefine((form, ctx) => {
    if (form.afterHoursEnabled && form.afterHoursMessage.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["afterHoursMessage"], message: AFTER_HOURS_MESSAGE_REQUIRED });
    }
    if (form.inboxForwardEnabled) {
      const number = form.inboxForwardNumber.trim();
      if (number === "") ctx.addIssue({ code: "custom", path: ["inboxForwardNumber"], message: INBOX_FORWARD_NUMBER_REQUIRED });
      else if (!looksLikeNorthAmericanNumber(number)) ctx.addIssue({ code: "custom", path: ["inboxForwardNumber"], message: INBOX_FORWARD_NUMBER_INVALID });
    }
    // The hours matter (and show) only with after-hours messaging on.
    if (form.afterHoursEnabled) {
      for (const issue of validateWeeklyHours(form.businessHours as WeeklyHours)) {
        ctx.addIssue({ code: "custom", path: ["businessHours", issue.day, issue.field], message: issue.message });
      }
    }
  });

export type BusinessFormValues = z.infer<typeof businessFormSchema>;

/** The spec's form defaults (section 9), used until the business loads. */
export const BUSINESS_FORM_DEFAULTS: BusinessFormValues = {
  customMessage: "Thanks for calling! We missed your call but will get back to you soon.",
  afterHoursMessage: "Thanks for calling! We're currently closed but will get back to you during business hours.",
  afterHoursEnabled: true,
  smsAutoReplyEnabled: false,
  smsAutoReplyMessage: "Thank you for your message. [Business Name] will get back to you soon.",
  timeZone: DEFAULT_TIME_ZONE,
  businessHours: structuredClone(DEFAULT_WEEKLY_HOURS) as WeeklyHours,
  isActive: true,
  // Caller handling: business's defaults (services/business business-defaults.ts); "" means the standard spoken message.
  allowInternationalCallers: false,
  textLikelySpoofedCallers: false,
  voiceTextMessage: "",
  voiceNoTextAnswer: DEFAULT_VOICE_NO_TEXT_ANSWER,
  voiceNoTextMessage: "",
  // A new business takes voicemails (business-defaults.ts).
  voicemailEnabled: true,
  // Texts to the owner's mobile are off until they give a number.
  inboxForwardEnabled: false,
  inboxForwardNumber: "",
  closedDates: [],
};

/** The form filled once from the loaded business (docs/product.md section 4). */
export function formValuesFromBusiness(business: Business): BusinessFormValues {
  return {
    customMessage: business.smsMessage,
    afterHoursMessage: business.afterHoursMessage,
    afterHoursEnabled: business.afterHoursEnabled,
    smsAutoReplyEnabled: business.smsAutoReplyEnabled,
    smsAutoReplyMessage: business.smsAutoReplyMessage,
    timeZone: business.timeZone || DEFAULT_TIME_ZONE,
    businessHours: structuredClone(business.businessHours ?? DEFAULT_WEEKLY_HOURS) as WeeklyHours,
    isActive: business.isActive,
    allowInternationalCallers: business.allowInternationalCallers ?? BUSINESS_FORM_DEFAULTS.allowInternationalCallers,
    textLikelySpoofedCallers: business.textLikelySpoofedCallers ?? BUSINESS_FORM_DEFAULTS.textLikelySpoofedCallers,
    voiceTextMessage: business.voiceTextMessage ?? "",
    voiceNoTextAnswer: business.voiceNoTextAnswer ?? BUSINESS_FORM_DEFAULTS.voiceNoTextAnswer,
    voiceNoTextMessage: business.voiceNoTextMessage ?? "",
    // Absent (an API from before voicemail): off, as business reads a missing setting (docs/conversations.md section 2).
    voicemailEnabled: business.voicemailEnabled ?? false,
    // "" (or absent, an API from before forwarding): off. Stored as E.164, shown as (415) 555-0123.
    inboxForwardEnabled: Boolean(business.inboxForwardNumber),
    inboxForwardNumber: business.inboxForwardNumber ? displayPhoneNumber(business.inboxForwardNumber) : "",
    // Absent (an API from before the forwarding watchdog): none.
    closedDates: [...(business.closedDates ?? [])].sort(),
  };
}

/** POST /api/business's payload (docs/product.md section 7) plus the caller-handling extras business accepts. */
export function payloadFromForm(values: BusinessFormValues): BusinessSettingsPayload {
  const { inboxForwardEnabled, inboxForwardNumber, ...rest } = values;
  return {
    ...rest,
    customMessage: values.customMessage.trim(),
    businessHours: values.businessHours as WeeklyHours,
    voiceTextMessage: values.voiceTextMessage.trim(),
    voiceNoTextMessage: values.voiceNoTextMessage.trim(),
    // As typed (business normalises it to E.164); switched off: "" turns forwarding off.
    inboxForwardNumber: inboxForwardEnabled ? inboxForwardNumber.trim() : "",
  };
}

export interface FormVisibility {
  /** The after-hours message, time zone and hours editor. */
  afterHoursDetails: boolean;
  autoReplyMessage: boolean;
  /** The spoken message for callers who get no text: only when that answer is "say". */
  voiceNoTextMessage: boolean;
  /** The owner's mobile number: only with "Text me callers' replies and voicemails" on. */
  inboxForwardNumber: boolean;
}

/** What the form shows (docs/product.md section 4): after-hours details only when enabled, the auto-reply message only when on. */
export function formVisibility(
  values: Pick<BusinessFormValues, "afterHoursEnabled" | "smsAutoReplyEnabled"> &
    Partial<Pick<BusinessFormValues, "voiceNoTextAnswer" | "inboxForwardEnabled">>,
): FormVisibility {
  return {
    afterHoursDetails: values.afterHoursEnabled,
    autoReplyMessage: values.smsAutoReplyEnabled,
    voiceNoTextMessage: (values.voiceNoTextAnswer ?? DEFAULT_VOICE_NO_TEXT_ANSWER) === "say",
    inboxForwardNumber: values.inboxForwardEnabled ?? false,
  };
}

/** The choices for a caller who will get no text, in the owner's words. */
export const VOICE_NO_TEXT_OPTIONS: readonly { value: VoiceNoTextAnswerName; label: string }[] = [
  { value: "say", label: "Play a message" },
  { value: "silence", label: "Stay silent" },
  { value: "reject", label: "Reject the call" },
];

/** The toggles' labels (docs/product.md section 4). */
export const activeLabel = (on: boolean) => (on ? "Active" : "Inactive");
export const enabledLabel = (on: boolean) => (on ? "Enabled" : "Disabled");
export const hoursToggleLabel = (expanded: boolean) => (expanded ? "Hide Hours" : "Configure Hours");
