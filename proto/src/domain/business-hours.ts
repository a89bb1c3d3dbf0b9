// Weekly opening hours of a business (docs/product.md section 3, businesses.businessHours)
// and the question the call path asks thousands of times a second: is it open right now?
//
// Rules:
// - Times are 'HH:MM' (00:00-23:59) in the business's own time zone; the range is [open, close).
// - close < open is an overnight range: Friday 22:00-02:00 is open Friday 22:00-23:59 and
//   Saturday 00:00-01:59. The spill-over belongs to Friday and applies even if Saturday is disabled.
// - A close of 23:59 means "until midnight" (23:59 is the latest time the field can hold),
//   so 00:00-23:59 is open all day.
// - A day that is disabled, or whose times are invalid or equal, is closed.

import { zonedWeekTime } from "./zoned-time";

export const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export type DayName = (typeof DAY_NAMES)[number];

export interface DayHours {
  /** 'HH:MM', 24-hour clock. */
  open: string;
  /** 'HH:MM', 24-hour clock; earlier than `open` for an overnight range. */
  close: string;
  enabled: boolean;
}

export type WeeklyHours = Record<DayName, DayHours>;

export interface DayHoursIssue {
  field: "open" | "close";
  message: string;
}

export interface WeeklyHoursIssue extends DayHoursIssue {
  day: DayName;
}

export interface NextOpening {
  day: DayName;
  /** 'HH:MM' as stored. */
  open: string;
  /** 0 = later today, 1 = tomorrow ... 7 = the same weekday next week. */
  daysAhead: number;
}

const weekday = (open: string, close: string): DayHours => ({ open, close, enabled: true });
const weekend = (): DayHours => ({ open: "10:00", close: "16:00", enabled: false });

/** docs/product.md section 9: Monday-Friday 09:00-17:00 enabled, Saturday and Sunday 10:00-16:00 disabled. */
export const DEFAULT_WEEKLY_HOURS: Readonly<WeeklyHours> = Object.freeze({
  monday: weekday("09:00", "17:00"),
  tuesday: weekday("09:00", "17:00"),
  wednesday: weekday("09:00", "17:00"),
  thursday: weekday("09:00", "17:00"),
  friday: weekday("09:00", "17:00"),
  saturday: weekend(),
  sunday: weekend(),
});

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTES_PER_DAY = 24 * 60;

/** True for a 24-hour 'HH:MM' time from 00:00 to 23:59 with two digits each. */
export function isValidTime(value: unknown): value is string {
  return typeof value === "string" && TIME_PATTERN.test(value);
}

/** Minutes since midnight of a valid 'HH:MM', or -1. */
export function timeToMinutes(value: string): number {
  const match = TIME_PATTERN.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
}

/**
 * Problems with one day's hours; empty when valid. Formats are always checked (they are stored);
 * "close must differ from open" only matters for an enabled day, since the editor hides the
 * times of a disabled one. close < open is a valid overnight range.
 */
export function validateDayHours(day: DayHours): DayHoursIssue[] {
  const issues: DayHoursIssue[] = [];
  if (!isValidTime(day.open)) issues.push({ field: "open", message: "Opening time must be between 00:00 and 23:59" });
  if (!isValidTime(day.close)) issues.push({ field: "close", message: "Closing time must be between 00:00 and 23:59" });
  if (issues.length === 0 && day.enabled && day.open === day.close) {
    issues.push({ field: "close", message: "Closing time must be different from opening time" });
  }
  return issues;
}

function isDayHours(value: unknown): value is DayHours {
  if (typeof value !== "object" || value === null) return false;
  const day = value as Record<string, unknown>;
  return typeof day.open === "string" && typeof day.close === "string" && typeof day.enabled === "boolean";
}

/**
 * Weekly hours read back from storage (a JSON column written from validated input): each day as stored, or the
 * fallback's day where it is missing or malformed.
 */
export function storedWeeklyHours(value: unknown, fallback: Readonly<WeeklyHours> = DEFAULT_WEEKLY_HOURS): WeeklyHours {
  const stored = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const days = DAY_NAMES.map((day) => {
    const candidate = stored[day];
    return [day, isDayHours(candidate) ? { open: candidate.open, close: candidate.close, enabled: candidate.enabled } : { ...fallback[day] }] as const;
  });
  return Object.fromEntries(days) as WeeklyHours;
}

/** validateDayHours for all seven days, each issue tagged with its day. */
export function validateWeeklyHours(hours: WeeklyHours): WeeklyHoursIssue[] {
  return DAY_NAMES.flatMap((day) => validateDayHours(hours[day]).map((issue) => ({ day, ...issue })));
}

interface OpenRange {
  open: number;
  /** Exclusive; may be <= open for an overnight range; 1440 for "until midnight". */
  close: number;
  overnight: boolean;
}

/** The enabled, valid range of a day in minutes, or null when the day is closed. */
function rangeOf(day: DayHours | undefined): OpenRange | null {
  if (!day || !day.enabled) return null;
  const open = timeToMinutes(day.open);
  const rawClose = timeToMinutes(day.close);
  if (open < 0 || rawClose < 0 || open === rawClose) return null;
  const close = rawClose === MINUTES_PER_DAY - 1 ? MINUTES_PER_DAY : rawClose;
  return { open, close, overnight: close < open };
}

function dayAt(index: number): DayName {
  return DAY_NAMES[((index % 7) + 7) % 7] ?? "monday";
}

/**
 * Whether the business is open at instant `at`, reading the weekday and time in `timeZone`.
 * Throws RangeError for an unknown time zone or an invalid Date.
 */
export function isOpenAt(hours: WeeklyHours, timeZone: string, at: Date): boolean {
  const { weekday, minutes } = zonedWeekTime(timeZone, at);
  return isOpenAtWeekTime(hours, weekday, minutes);
}

/** isOpenAt for a local weekday (0 = Monday) and minute of the day already read (a caller walking time in steps). */
export function isOpenAtWeekTime(hours: WeeklyHours, index: number, minutes: number): boolean {
  const today = rangeOf(hours[dayAt(index)]);
  if (today && minutes >= today.open && (today.overnight || minutes < today.close)) return true;
  const yesterday = rangeOf(hours[dayAt(index - 1)]);
  return yesterday !== null && yesterday.overnight && minutes < yesterday.close;
}

/**
 * The next moment the business opens, at or after `at` (an opening at exactly `at` counts;
 * while it is open, this is the following opening). Looks up to 7 days ahead, so a business
 * open one day a week finds next week's opening. Null when no day is enabled and valid.
 */
export function nextOpening(hours: WeeklyHours, timeZone: string, at: Date): NextOpening | null {
  const { weekday: index, minutes } = zonedWeekTime(timeZone, at);
  for (let daysAhead = 0; daysAhead <= 7; daysAhead++) {
    const day = dayAt(index + daysAhead);
    const range = rangeOf(hours[day]);
    if (range === null) continue;
    if (daysAhead === 0 && range.open < minutes) continue;
    return { day, open: hours[day].open, daysAhead };
  }
  return null;
}
