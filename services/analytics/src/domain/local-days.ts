// Calendar days in a business's own time zone. Pure (the caller passes the instant).

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(timeZone: string, atMs: number): string {
  return dateFormatter(timeZone).format(new Date(atMs));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(timeZone: string, atMs: number): number {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(atMs))) if (part.type !== "literal") parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, (parts.hour ?? 0) % 24, parts.minute ?? 0, parts.second ?? 0);
  return wall - Math.floor(atMs / 1000) * 1000;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLocalDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The instant local midnight starts `date` (YYYY-MM-DD) in the zone (DST-safe). */
export function startOfLocalDay(timeZone: string, date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  const wallMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  let guess = wallMidnight - offsetAt(timeZone, wallMidnight);
  guess = wallMidnight - offsetAt(timeZone, guess);
  return guess;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)).toISOString().slice(0, 10);
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}
