// The plan cap counts missed calls texted per calendar month of the business's own time zone:
// an owner in Sydney reads "this month" on a Sydney calendar, and the counter resets at their
// local midnight on the 1st (UTC would reset it in the middle of a US evening).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The last answer per zone, by the second it was for: a month starts at a local midnight, and every
 * zone's offset is whole seconds, so one second is always in one month. formatToParts is about 30 us,
 * and every missed call asks (issue 27).
 */
const lastAnswer = new Map<string, { second: number; month: string }>();

/** 'YYYY-MM' of `at` in `timeZone`. Throws RangeError for an unknown zone. */
export function usageMonth(timeZone: string, at: Date): string {
  const second = Math.floor(at.getTime() / 1_000);
  const last = lastAnswer.get(timeZone);
  if (last?.second === second) return last.month;
  const month = formatUsageMonth(timeZone, at);
  lastAnswer.set(timeZone, { second, month });
  return month;
}

function formatUsageMonth(timeZone: string, at: Date): string {
  let year = "";
  let month = "";
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
  }
  return `${year}-${month}`;
}
