// Business hours as text for the [BUSINESS_HOURS] and [OPEN_TIME] placeholders.
// Output is plain ASCII (hyphens, not en dashes) so it never forces an SMS into UCS-2.

import { DAY_NAMES, timeToMinutes, type DayHours, type DayName, type NextOpening, type WeeklyHours } from "./business-hours";

const SHORT_DAY: Readonly<Record<DayName, string>> = {
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
  sunday: "Sun",
};

const LONG_DAY: Readonly<Record<DayName, string>> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** 'tuesday' => 'Tuesday'. */
export function formatDayName(day: DayName): string {
  return LONG_DAY[day];
}

/** '17:00' => '5:00 PM', '00:30' => '12:30 AM', '12:00' => '12:00 PM'. Throws RangeError if not 'HH:MM'. */
export function formatTime(time: string): string {
  const total = timeToMinutes(time);
  if (total < 0) throw new RangeError(`Invalid time "${time}", expected HH:MM`);
  const hour = Math.floor(total / 60);
  const minute = String(total % 60).padStart(2, "0");
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? "AM" : "PM"}`;
}

/** Whether a day shows in the summary: enabled, valid times, close differs from open. */
function isShown(day: DayHours): boolean {
  const open = timeToMinutes(day.open);
  const close = timeToMinutes(day.close);
  return day.enabled && open >= 0 && close >= 0 && open !== close;
}

/**
 * A short weekly summary such as "Mon-Fri 9:00 AM-5:00 PM, Sat 10:00 AM-2:00 PM".
 * Consecutive days (Monday to Sunday order) with identical hours are grouped; closed days are
 * omitted; an overnight day reads "Fri 10:00 PM-2:00 AM". Empty string when closed all week.
 */
export function formatBusinessHours(hours: WeeklyHours): string {
  const groups: { first: DayName; last: DayName; range: string }[] = [];
  let previousShown = false;
  for (const day of DAY_NAMES) {
    const dayHours = hours[day];
    if (!isShown(dayHours)) {
      previousShown = false;
      continue;
    }
    const range = `${formatTime(dayHours.open)}-${formatTime(dayHours.close)}`;
    const last = groups[groups.length - 1];
    if (previousShown && last && last.range === range) last.last = day;
    else groups.push({ first: day, last: day, range });
    previousShown = true;
  }
  return groups
    .map(({ first, last, range }) => {
      const days = first === last ? SHORT_DAY[first] : `${SHORT_DAY[first]}-${SHORT_DAY[last]}`;
      return `${days} ${range}`;
    })
    .join(", ");
}

/**
 * The [OPEN_TIME] text for a result of nextOpening: "today at 9:00 AM", "tomorrow at 9:00 AM",
 * "Monday at 9:00 AM", or "next Monday at 9:00 AM" a full week ahead. Empty string for null.
 * Written to follow a verb, as in "We're back [OPEN_TIME]." (not "at [OPEN_TIME]").
 */
export function formatNextOpening(opening: NextOpening | null): string {
  if (opening === null) return "";
  const time = formatTime(opening.open);
  if (opening.daysAhead === 0) return `today at ${time}`;
  if (opening.daysAhead === 1) return `tomorrow at ${time}`;
  const prefix = opening.daysAhead >= 7 ? "next " : "";
  return `${prefix}${LONG_DAY[opening.day]} at ${time}`;
}
