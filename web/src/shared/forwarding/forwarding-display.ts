import type { BadgeTone } from "@/shared/ui/badge";
import { formatDayName, formatTime, isValidTime } from "@rebound/contracts/domain";
import { calendarDayIn } from "@/shared/lib/calendar-day";
import type { ForwardingStatus, Weekday } from "./forwarding-status";

/** How the forwarding watchdog's status reads to the owner (issue 28), in one place for every screen. */

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function localeString(date: Date, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  try {
    return date.toLocaleString("en-US", { ...options, timeZone });
  } catch {
    // A zone this browser does not know: the viewer's own.
    return date.toLocaleString("en-US", options);
  }
}

function viewerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * '2026-11-24T19:10:00Z' -> 'Tue, Nov 24, 2:10 PM' in the business's zone, with the year when it is
 * not this year's, and the zone's name ('EST') when the viewer's clock is in another zone.
 */
export function formatForwardingDate(
  iso: string | null | undefined,
  timeZone?: string,
  now: Date = new Date(),
  viewerZone: string | undefined = viewerTimeZone(),
): string | null {
  const date = validDate(iso);
  if (!date) return null;
  const year = (value: Date) => localeString(value, { year: "numeric" }, timeZone);
  const options: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };
  if (year(date) !== year(now)) options.year = "numeric";
  if (timeZone && viewerZone && timeZone !== viewerZone) options.timeZoneName = "short";
  return localeString(date, options, timeZone);
}

/** When forwarding was last seen working: the later of the last forwarded call and the last passed test. */
export function verifiedAt(status: ForwardingStatus): string | null {
  const candidates = [status.lastForwardedCallAt, status.lastTestResult === "success" ? status.lastTestAt : null].filter(
    (value): value is string => validDate(value) !== null,
  );
  if (candidates.length === 0) return null;
  return candidates.reduce((latest, value) => (validDate(value)!.getTime() > validDate(latest)!.getTime() ? value : latest));
}

/** Since when the check is needed: the status's own date, else the last forwarded call, else the last test. */
export function checkNeededAt(status: ForwardingStatus): string | null {
  return status.checkNeededSince ?? status.lastForwardedCallAt ?? status.lastTestAt;
}

/** 6.2 -> 'about 6 a day'; 0.3 -> 'about 2 a week'; null when there is no expectation yet. */
export function usualRate(perDay: number | null): string | null {
  if (perDay === null || !Number.isFinite(perDay) || perDay <= 0) return null;
  if (perDay >= 0.95) return `about ${Math.round(perDay)} a day`;
  const perWeek = Math.round(perDay * 7);
  return perWeek >= 1 ? `about ${perWeek} a week` : "a few a month";
}

export interface StatusLine {
  tone: BadgeTone;
  /** 'Forwarding: verified Tue, Nov 24, 2:10 PM', 'Forwarding: check needed since ...', 'Forwarding: not confirmed yet'. */
  label: string;
}

/** The one-line status Setup, Test and the dashboard card show. */
export function statusLine(status: ForwardingStatus, timeZone?: string, now?: Date): StatusLine {
  switch (status.status) {
    case "verified": {
      const when = formatForwardingDate(verifiedAt(status), timeZone, now);
      return { tone: "success", label: when ? `Forwarding: verified ${when}` : "Forwarding: verified" };
    }
    case "check_needed": {
      const when = formatForwardingDate(checkNeededAt(status), timeZone, now);
      return { tone: "danger", label: when ? `Forwarding: check needed since ${when}` : "Forwarding: check needed" };
    }
    default:
      return { tone: "neutral", label: "Forwarding: not confirmed yet" };
  }
}

/** The sentences under the line: why a check is needed, what was last seen, or what to do first. */
export function statusExplanation(status: ForwardingStatus, timeZone?: string, now?: Date): string[] {
  const date = (iso: string | null) => formatForwardingDate(iso, timeZone, now);
  const lastCall = date(status.lastForwardedCallAt);
  const lastTest = date(status.lastTestAt);
  const rate = usualRate(status.expectedCallsPerDay);
  switch (status.status) {
    case "check_needed": {
      const lines: string[] = [];
      if (lastCall) lines.push(`We haven't received a forwarded call since ${lastCall}${rate ? `; you usually get ${rate}` : ""}.`);
      if (status.lastTestResult === "failed" && lastTest) lines.push(`Your last forwarding test, ${lastTest}, did not reach Rebound.`);
      lines.push("Your phone may have stopped forwarding the calls you miss (a plan or SIM change or a phone reset can turn it off). Run a test to check.");
      return lines;
    }
    case "verified": {
      const lines: string[] = [];
      if (lastCall) lines.push(`Your last missed call reached Rebound ${lastCall}.`);
      if (status.lastTestResult === "success" && lastTest) lines.push(`Your last forwarding test passed ${lastTest}.`);
      return lines.length ? lines : ["Missed calls are reaching Rebound."];
    }
    default:
      return ["Run a forwarding test to confirm your setup."];
  }
}

export const weekdayLabel: (day: Weekday) => string = formatDayName;

/** '14:30' -> '2:30 PM'; what is not HH:MM as it came. */
export function clockLabel(time: string): string {
  return isValidTime(time) ? formatTime(time) : time;
}

/** The weekly self-test in a sentence: 'Every Tuesday at 10:00 AM' or 'Off'. */
export function selfTestSummary(selfTest: ForwardingStatus["selfTest"]): string {
  return selfTest.enabled ? `Every ${weekdayLabel(selfTest.weekday)} at ${clockLabel(selfTest.time)}` : "Off";
}

/** '2026-11-24T19:10:00Z' -> '2026-11-24', the calendar day in the zone (the analytics series' dates). */
export function dayInZone(iso: string, timeZone?: string): string | null {
  const date = validDate(iso);
  return date ? calendarDayIn(date, timeZone) : null;
}

/**
 * The days of a daily series the owner's forwarding has been silent (status check_needed): from the
 * day of the last forwarded call (or since the check has been needed) to the last day shown, clamped
 * to the series. Null when forwarding is not in doubt or the series is empty.
 */
export function silentRange(
  status: ForwardingStatus | null | undefined,
  dates: readonly string[],
  timeZone?: string,
): { from: string; to: string; since: string | null } | null {
  if (!status || status.status !== "check_needed" || dates.length === 0) return null;
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const since = status.lastForwardedCallAt ?? status.checkNeededSince;
  const day = since ? dayInZone(since, timeZone) : null;
  if (day && day > last) return null;
  const from = !day || day < first ? first : (dates.find((date) => date >= day) ?? last);
  return { from, to: last, since };
}
