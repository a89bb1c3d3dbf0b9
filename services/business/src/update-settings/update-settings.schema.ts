// POST /api/business: the payload of docs/product.md section 7 with its validation rules and messages
// (section 5), plus the optional per-business extras of the call path.

import {
  DAY_NAMES,
  isSupportedTimeZone,
  MAX_MESSAGE_LENGTH,
  validateWeeklyHours,
  VOICE_NO_TEXT_ANSWERS,
  type DayName,
  type WeeklyHours,
} from "@rebound/contracts/domain";
import { z } from "zod";
import { AFTER_HOURS_MESSAGE_REQUIRED, type SettingsChange } from "../domain/settings-change";
import { booleanField, optionalPhoneNumber, PHONE_EXAMPLE, phoneNumber, requiredText } from "../http/schema-helpers";

export const MAX_DUPLICATE_WINDOW_HOURS = 720;
export const MAX_DO_NOT_TEXT_NUMBERS = 50;
export const MAX_AVERAGE_CLIENT_VALUE = 1_000_000;

const AVERAGE_CLIENT_VALUE_MESSAGE = `Average client value must be a whole number of dollars from 0 to ${MAX_AVERAGE_CLIENT_VALUE.toLocaleString("en-US")}`;
const CLOSE_RATE_MESSAGE = "Close rate must be a whole percent from 0 to 100";

const label = (day: DayName) => day.charAt(0).toUpperCase() + day.slice(1);

const tooLong = (what: string) => `${what} must be at most ${MAX_MESSAGE_LENGTH} characters`;

/** Optional message: undefined keeps the stored text, null clears it. */
const optionalMessage = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .max(MAX_MESSAGE_LENGTH, tooLong(what))
    .nullish()
    .transform((value) => (value === null ? "" : value?.trim()));

export const MAX_VOICE_MESSAGE_LENGTH = 300;

/** A spoken answer: undefined keeps the stored text, null or "" means telephony's default. */
const voiceMessage = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .max(MAX_VOICE_MESSAGE_LENGTH, `${what} must be at most ${MAX_VOICE_MESSAGE_LENGTH} characters`)
    .nullish()
    .transform((value) => (value === null ? "" : value?.replace(/\s+/g, " ").trim()));

const dayHours = (day: DayName) =>
  z.object(
    {
      open: z.string({ error: `${label(day)} opening time is required` }),
      close: z.string({ error: `${label(day)} closing time is required` }),
      enabled: booleanField(`${label(day)} enabled must be true or false`),
    },
    { error: `${label(day)} hours are required` },
  );

const businessHours = z
  .object(Object.fromEntries(DAY_NAMES.map((day) => [day, dayHours(day)])) as Record<DayName, ReturnType<typeof dayHours>>, {
    error: "Business hours must list every day from monday to sunday",
  })
  .superRefine((hours, ctx) => {
    for (const issue of validateWeeklyHours(hours)) {
      ctx.addIssue({ code: "custom", path: [issue.day, issue.field], message: `${label(issue.day)}: ${issue.message}` });
    }
  })
  .transform((hours): WeeklyHours => {
    const days = DAY_NAMES.map((day) => [day, { open: hours[day].open, close: hours[day].close, enabled: hours[day].enabled }]);
    return Object.fromEntries(days) as WeeklyHours;
  });

const timeZone = z
  .string({ error: "Time zone is required" })
  .trim()
  .superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: "custom", message: "Time zone is required" });
    else if (!isSupportedTimeZone(value)) ctx.addIssue({ code: "custom", message: "Time zone must be one of the supported time zones" });
  });

export const INBOX_FORWARD_NUMBER_MESSAGE = "Mobile number for texts must be a US or Canadian number, such as (212) 555-0123";

/** The owner's mobile for forwarded replies: undefined keeps it, null or "" turns forwarding off; +1 only (texted from a US/Canadian number). */
const inboxForwardNumber = optionalPhoneNumber(INBOX_FORWARD_NUMBER_MESSAGE).refine(
  (value) => value === undefined || value === "" || value.startsWith("+1"),
  INBOX_FORWARD_NUMBER_MESSAGE,
);

export const MAX_CLOSED_DATES = 100;
export const CLOSED_DATE_MESSAGE = "Closed dates must be dates like 2026-12-25";

/** A real calendar date 'YYYY-MM-DD' (no 2026-02-30). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Holidays the owner marks: sorted and without repeats. */
const closedDates = z
  .array(z.string({ error: CLOSED_DATE_MESSAGE }).trim().refine(isCalendarDate, CLOSED_DATE_MESSAGE), { error: "Closed dates must be a list of dates" })
  .max(MAX_CLOSED_DATES, `At most ${MAX_CLOSED_DATES} closed dates are allowed`)
  .transform((dates) => [...new Set(dates)].sort());

const DUPLICATE_WINDOW_MESSAGE = `Duplicate window must be a whole number of hours from 0 to ${MAX_DUPLICATE_WINDOW_HOURS}`;

const doNotTextNumbers = z
  .array(phoneNumber(`Do-not-text numbers must be valid phone numbers, ${PHONE_EXAMPLE}`), {
    error: "Do-not-text numbers must be a list of phone numbers",
  })
  .max(MAX_DO_NOT_TEXT_NUMBERS, `At most ${MAX_DO_NOT_TEXT_NUMBERS} do-not-text numbers are allowed`)
  .transform((numbers) => [...new Set(numbers)]);

export const updateSettingsSchema = z
  .object(
    {
      customMessage: requiredText("Custom message is required", MAX_MESSAGE_LENGTH, tooLong("Custom message")),
      afterHoursMessage: optionalMessage("After hours message"),
      afterHoursEnabled: booleanField("After-hours messaging must be true or false").optional(),
      autoReplyEnabled: booleanField("Auto-reply must be true or false").optional(),
      smsAutoReplyEnabled: booleanField("SMS auto-reply must be true or false").optional(),
      smsAutoReplyMessage: optionalMessage("Auto-reply message"),
      timeZone,
      businessHours: businessHours.optional(),
      isActive: booleanField("SMS automation must be true or false").optional(),
      duplicateWindowHours: z
        .number({ error: DUPLICATE_WINDOW_MESSAGE })
        .int(DUPLICATE_WINDOW_MESSAGE)
        .min(0, DUPLICATE_WINDOW_MESSAGE)
        .max(MAX_DUPLICATE_WINDOW_HOURS, DUPLICATE_WINDOW_MESSAGE)
        .optional(),
      ownerAlertsEnabled: booleanField("Owner alerts must be true or false").optional(),
      doNotTextNumbers: doNotTextNumbers.optional(),
      averageClientValue: z
        .number({ error: AVERAGE_CLIENT_VALUE_MESSAGE })
        .int(AVERAGE_CLIENT_VALUE_MESSAGE)
        .min(0, AVERAGE_CLIENT_VALUE_MESSAGE)
        .max(MAX_AVERAGE_CLIENT_VALUE, AVERAGE_CLIENT_VALUE_MESSAGE)
        .optional(),
      allowInternationalCallers: booleanField("Texting international callers must be true or false").optional(),
      textLikelySpoofedCallers: booleanField("Texting likely-spoofed callers must be true or false").optional(),
      voiceTextMessage: voiceMessage("Voice message when a text follows"),
      voiceNoTextMessage: voiceMessage("Voice message when no text follows"),
      voiceNoTextAnswer: z.enum(VOICE_NO_TEXT_ANSWERS, { error: "Answer when no text follows must be say, silence or reject" }).optional(),
      voicemailEnabled: booleanField("Voicemail must be true or false").optional(),
      inboxForwardNumber,
      forwardingAlertsEnabled: booleanField("Forwarding alerts must be true or false").optional(),
      closedDates: closedDates.optional(),
      closeRate: z.number({ error: CLOSE_RATE_MESSAGE }).int(CLOSE_RATE_MESSAGE).min(0, CLOSE_RATE_MESSAGE).max(100, CLOSE_RATE_MESSAGE).optional(),
    },
    { error: "Request body must be a JSON object" },
  )
  // Runs even when other fields failed, so every message shows at once. An omitted message keeps
  // the stored one; the use case checks that case against it.
  .refine((input) => !(input.afterHoursEnabled === true && input.afterHoursMessage === ""), {
    path: ["afterHoursMessage"],
    message: AFTER_HOURS_MESSAGE_REQUIRED,
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  })
  .transform(({ customMessage, duplicateWindowHours, closeRate, ...rest }): SettingsChange => ({
    ...rest,
    closeRatePercent: closeRate,
    smsMessage: customMessage,
    duplicateWindowSeconds: duplicateWindowHours === undefined ? undefined : duplicateWindowHours * 3600,
  }));

export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;
