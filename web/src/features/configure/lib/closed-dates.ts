import { calendarDayIn } from "@/shared/lib/calendar-day";

/** Holidays the owner marks (business's closedDates, issue 28): "YYYY-MM-DD", sorted, without repeats, at most 100 (business's limit). */
export const MAX_CLOSED_DATES = 100;

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The list with one more day, or why it can't take it. */
export function addClosedDate(existing: readonly string[], date: string): { dates: string[] } | { error: string } {
  if (!isCalendarDate(date)) return { error: "Pick a date from the calendar" };
  if (existing.includes(date)) return { error: "That day is already on the list" };
  if (existing.length >= MAX_CLOSED_DATES) return { error: `At most ${MAX_CLOSED_DATES} closed days` };
  return { dates: [...existing, date].sort() };
}

/** '2026-12-25' -> 'Fri, Dec 25, 2026'. */
export function closedDateLabel(date: string): string {
  if (!isCalendarDate(date)) return date;
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/** Today's date, "YYYY-MM-DD", in the business's zone (the viewer's when the zone is unknown to this browser). */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  return calendarDayIn(now, timeZone);
}
