// The plan cap counts missed calls texted per calendar month of the business's own time zone:
// an owner in Sydney reads "this month" on a Sydney calendar, and the counter resets at their
// local midnight on the 1st (UTC would reset it in the middle of a US evening).

import { lastAnswerPerZone } from "@rebound/contracts/domain";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** 'YYYY-MM' of `at` in `timeZone`, asked on every missed call. Throws RangeError for an unknown zone. */
export const usageMonth = lastAnswerPerZone(formatUsageMonth);

function formatUsageMonth(timeZone: string, at: Date): string {
  let year = "";
  let month = "";
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
  }
  return `${year}-${month}`;
}
