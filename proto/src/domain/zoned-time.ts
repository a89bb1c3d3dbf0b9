// Wall-clock weekday and minute-of-day of an instant in an IANA time zone.
// Runs on the call hot path, so one Intl.DateTimeFormat is built per time zone and reused.

export interface ZonedWeekTime {
  /** 0 = Monday ... 6 = Sunday. */
  readonly weekday: number;
  /** Minutes since local midnight, 0..1439. */
  readonly minutes: number;
}

const WEEKDAY_INDEX: Readonly<Record<string, number>> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Throws RangeError for an unknown time zone, before anything is cached.
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// en-US renders weekday + 2-digit h23 time as "Mon 09:30"; parsing that string is about twice as fast
// as formatToParts, which remains the fallback should a runtime lay it out differently.
const FAST_LAYOUT = /^([A-Z][a-z]{2}) (\d{2}):(\d{2})$/;

/**
 * `read` remembering its last answer per zone, by the second it was for: every zone's offset is whole
 * seconds, so whatever a zone's wall clock says to the minute holds for a whole second. `Intl`
 * formatting is 15-30 us, and a missed call's dispatch asks about the same instant several times
 * (issue 27). An invalid Date is never remembered (NaN equals nothing), so it throws as `read` does.
 */
export function lastAnswerPerZone<T>(read: (timeZone: string, at: Date) => T): (timeZone: string, at: Date) => T {
  const last = new Map<string, { second: number; answer: T }>();
  return (timeZone, at) => {
    const second = Math.floor(at.getTime() / 1_000);
    const known = last.get(timeZone);
    if (known?.second === second) return known.answer;
    const answer = read(timeZone, at);
    last.set(timeZone, { second, answer });
    return answer;
  };
}

/**
 * Local weekday and minutes of `at` in `timeZone`.
 * Throws RangeError for an unknown time zone or an invalid Date.
 */
export const zonedWeekTime = lastAnswerPerZone(readWeekTime);

function readWeekTime(timeZone: string, at: Date): ZonedWeekTime {
  const formatter = formatterFor(timeZone);
  const fast = FAST_LAYOUT.exec(formatter.format(at));
  if (fast) return toWeekTime(WEEKDAY_INDEX[fast[1] ?? ""] ?? -1, Number(fast[2]), Number(fast[3]), timeZone);
  let weekday = -1;
  let hour = -1;
  let minute = -1;
  for (const part of formatter.formatToParts(at)) {
    if (part.type === "weekday") weekday = WEEKDAY_INDEX[part.value] ?? -1;
    else if (part.type === "hour") hour = Number(part.value);
    else if (part.type === "minute") minute = Number(part.value);
  }
  return toWeekTime(weekday, hour, minute, timeZone);
}

function toWeekTime(weekday: number, hour: number, minute: number, timeZone: string): ZonedWeekTime {
  if (weekday < 0 || !(hour >= 0) || !(minute >= 0)) {
    throw new RangeError(`Could not read the local time in ${timeZone}`);
  }
  // Some ICU versions render midnight as 24 even with h23; normalise defensively.
  return { weekday, minutes: (hour % 24) * 60 + minute };
}
