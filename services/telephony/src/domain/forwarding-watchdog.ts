// The forwarding watchdog (docs/forwarding-watchdog.md): does the owner's call forwarding still work?
// Pure: the business's calendar, its forwarded calls and tests, and the instant in; the verdict out.
//
// Model: forwarded missed calls arrive during open hours as a Poisson process of rate λ per open hour,
// estimated from the last 28 days (λ = calls during open hours / open hours). The chance of no call in
// T open hours is exp(-λT); below 1 % (T > ln(100)/λ) the silence is unlikely: "check needed".

import { DAY_NAMES, isOpenAt, isOpenAtWeekTime, isValidTime, timeToMinutes, zonedWeekTime, type DayName, type WeeklyHours } from "@rebound/contracts/domain";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How far back the rate is estimated from. */
export const HISTORY_DAYS = 28;
/** A business whose history (number purchase, else first forwarded call) is younger than this never alarms. */
export const MIN_HISTORY_DAYS = 14;
/**
 * Fewer forwarded calls during open hours than this in the history: no estimate, never an alarm. With n calls
 * the estimate's relative error is about 1/√n; at 10 it is ±32 %, and the 1 % threshold then still means at most
 * ~3 % at a rate 32 % lower. Below 10 a quiet business would be alarmed about by chance (see the doc).
 */
export const MIN_HISTORY_CALLS = 10;
/** "Check needed" when the silence had less than this chance at the usual rate. */
export const SILENCE_PROBABILITY = 0.01;
/** At most one "check needed" e-mail per business in this long. */
export const ALERT_GAP_MS = 3 * DAY_MS;
/** Open hours are summed in slices of this length, aligned to the epoch (5-minute resolution). */
export const SLICE_MS = 5 * 60 * 1000;
/** A scheduled self-test runs in the hour after its time; a slot missed for longer waits for next week. */
export const SELF_TEST_WINDOW_MINUTES = 60;

export type ForwardingStatusName = "unknown" | "verified" | "check_needed";
export type WatchdogCause = "silence" | "self_test_failed" | "forwarded_call" | "test_passed";

/** When the business is open: its weekly hours in its time zone, minus the days the owner marked closed. */
export interface WatchdogCalendar {
  businessHours: WeeklyHours;
  timeZone: string;
  /** Local 'YYYY-MM-DD': closed the whole local day. */
  closedDates: readonly string[];
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date 'YYYY-MM-DD' of an instant. */
export function localDate(timeZone: string, at: Date): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(at);
}

/**
 * Local time is read once per UTC hour (Intl is the cost: ~4 µs a read) and advanced by arithmetic inside it. Exact for
 * every supported zone: offsets are whole or half hours and their DST changes fall on a UTC hour.
 */
const ANCHOR_MS = 60 * 60 * 1000;
const MINUTES_PER_DAY = 24 * 60;

/** Walks [from, to) in SLICE_MS slices and reports each slice's open length and local date. */
function walkOpen(calendar: WatchdogCalendar, from: Date, to: Date, visit: (start: number, openMs: number, date: string) => boolean | void): void {
  const closed = new Set(calendar.closedDates);
  let anchor = Number.NaN;
  let anchorWeekday = 0;
  let anchorMinutes = 0;
  let dayWeekday = -1;
  let date = "";
  let dayClosed = false;
  const end = to.getTime();
  for (let start = from.getTime(); start < end;) {
    const next = Math.min(end, (Math.floor(start / SLICE_MS) + 1) * SLICE_MS);
    const hour = Math.floor(start / ANCHOR_MS) * ANCHOR_MS;
    if (hour !== anchor) {
      anchor = hour;
      const local = zonedWeekTime(calendar.timeZone, new Date(hour));
      anchorWeekday = local.weekday;
      anchorMinutes = local.minutes;
    }
    // A half-hour zone's local midnight falls inside a UTC hour: the day rolls over here.
    let minutes = anchorMinutes + Math.floor((start - anchor) / 60_000);
    let weekday = anchorWeekday;
    if (minutes >= MINUTES_PER_DAY) {
      minutes -= MINUTES_PER_DAY;
      weekday = (weekday + 1) % 7;
    }
    if (weekday !== dayWeekday) {
      dayWeekday = weekday;
      date = localDate(calendar.timeZone, new Date(start));
      dayClosed = closed.has(date);
    }
    const open = !dayClosed && isOpenAtWeekTime(calendar.businessHours, weekday, minutes);
    if (visit(start, open ? next - start : 0, date) === true) return;
    start = next;
  }
}

/** Whether the business is open at `at` (weekly hours, not a closed date). */
export function isOpenMoment(calendar: WatchdogCalendar, at: Date): boolean {
  return !calendar.closedDates.includes(localDate(calendar.timeZone, at)) && isOpenAt(calendar.businessHours, calendar.timeZone, at);
}

/** Open time between two instants, and on how many local days some of it fell. */
export function openTime(calendar: WatchdogCalendar, from: Date, to: Date): { hours: number; openDays: number } {
  let ms = 0;
  const days = new Set<string>();
  walkOpen(calendar, from, to, (_start, openMs, date) => {
    if (openMs > 0) {
      ms += openMs;
      days.add(date);
    }
  });
  return { hours: ms / HOUR_MS, openDays: days.size };
}

/** The instant `openHours` of open time have passed since `from`, or null when that is after `until`. */
export function afterOpenHours(calendar: WatchdogCalendar, from: Date, openHours: number, until: Date): Date | null {
  const needed = openHours * HOUR_MS;
  let sum = 0;
  let found: Date | null = null;
  walkOpen(calendar, from, until, (start, openMs) => {
    if (sum + openMs >= needed && openMs > 0) {
      found = new Date(start + (needed - sum));
      return true;
    }
    sum += openMs;
    return false;
  });
  return found;
}

/** The usual rate of forwarded calls, or why there is none. */
export interface RateEstimate {
  /** λ, forwarded calls per open hour; null with too little history. */
  callsPerOpenHour: number | null;
  /** λ × the average open hours of an open day, one decimal: "you usually get about N a day"; null with λ. */
  expectedCallsPerDay: number | null;
  /** The open hours after which silence had < 1 % chance: ln(100)/λ; null with λ. */
  alarmAfterOpenHours: number | null;
  /** Forwarded calls during open hours in the window, and the window's open hours. */
  openCalls: number;
  openHours: number;
  reason: "estimated" | "no_history" | "history_too_short" | "too_few_calls";
}

export function estimateRate(calendar: WatchdogCalendar, calls: readonly Date[], historyStart: Date | null, now: Date): RateEstimate {
  const none = (reason: RateEstimate["reason"], openCalls = 0, openHours = 0): RateEstimate => ({
    callsPerOpenHour: null,
    expectedCallsPerDay: null,
    alarmAfterOpenHours: null,
    openCalls,
    openHours,
    reason,
  });
  if (!historyStart) return none("no_history");
  const windowStart = new Date(Math.max(now.getTime() - HISTORY_DAYS * DAY_MS, historyStart.getTime()));
  const open = openTime(calendar, windowStart, now);
  const openCalls = calls.filter((at) => at >= windowStart && at < now && isOpenMoment(calendar, at)).length;
  if (now.getTime() - historyStart.getTime() < MIN_HISTORY_DAYS * DAY_MS) return none("history_too_short", openCalls, open.hours);
  if (openCalls < MIN_HISTORY_CALLS || open.hours <= 0 || open.openDays === 0) return none("too_few_calls", openCalls, open.hours);
  const lambda = openCalls / open.hours;
  return {
    callsPerOpenHour: lambda,
    expectedCallsPerDay: Math.round(lambda * (open.hours / open.openDays) * 10) / 10,
    alarmAfterOpenHours: Math.log(1 / SILENCE_PROBABILITY) / lambda,
    openCalls,
    openHours: open.hours,
    reason: "estimated",
  };
}

/** What the watchdog knows of one business at one instant. */
export interface WatchdogFacts {
  calendar: WatchdogCalendar;
  now: Date;
  lastForwardedCallAt: Date | null;
  lastPassedTestAt: Date | null;
  /** The latest failed scheduled self-test (manual tests that fail never alarm: the owner is looking). */
  selfTestFailedAt: Date | null;
  rate: RateEstimate;
}

export interface WatchdogVerdict {
  status: ForwardingStatusName;
  checkNeededSince: Date | null;
  /** The last forwarded call or passing test: what the silence is counted from. */
  silentSince: Date | null;
  cause: WatchdogCause | null;
}

const later = (a: Date | null, b: Date | null): Date | null => (a && b ? (a > b ? a : b) : (a ?? b));

export function judgeForwarding(facts: WatchdogFacts): WatchdogVerdict {
  const silentSince = later(facts.lastForwardedCallAt, facts.lastPassedTestAt);
  if (facts.selfTestFailedAt && (!silentSince || facts.selfTestFailedAt > silentSince)) {
    return { status: "check_needed", checkNeededSince: facts.selfTestFailedAt, silentSince, cause: "self_test_failed" };
  }
  if (!silentSince) return { status: "unknown", checkNeededSince: null, silentSince: null, cause: null };
  const verifiedCause: WatchdogCause = facts.lastForwardedCallAt && facts.lastForwardedCallAt >= silentSince ? "forwarded_call" : "test_passed";
  const threshold = facts.rate.alarmAfterOpenHours;
  const since = threshold === null ? null : afterOpenHours(facts.calendar, silentSince, threshold, facts.now);
  if (since) return { status: "check_needed", checkNeededSince: since, silentSince, cause: "silence" };
  return { status: "verified", checkNeededSince: null, silentSince, cause: verifiedCause };
}

/** The stored state the job moves from verdict to verdict. */
export interface StoredWatchdog {
  status: ForwardingStatusName;
  checkNeededSince: Date | null;
  /** The last "check needed" e-mail asked for. */
  lastAlertAt: Date | null;
  /** The current check-needed episode was e-mailed (so its all-clear is too). */
  alertOpen: boolean;
}

export interface WatchdogTransition {
  next: StoredWatchdog;
  /** Whether to e-mail the owner about this change. */
  notifyOwner: boolean;
}

/** The change a verdict makes to the stored state; null when the status stays as it is. */
export function transitionWatchdog(stored: StoredWatchdog, verdict: WatchdogVerdict, alertsEnabled: boolean, now: Date): WatchdogTransition | null {
  if (stored.status === verdict.status) return null;
  switch (verdict.status) {
    case "check_needed": {
      const notifyOwner = alertsEnabled && (!stored.lastAlertAt || now.getTime() - stored.lastAlertAt.getTime() >= ALERT_GAP_MS);
      return {
        next: {
          status: "check_needed",
          checkNeededSince: verdict.checkNeededSince,
          lastAlertAt: notifyOwner ? now : stored.lastAlertAt,
          alertOpen: notifyOwner,
        },
        notifyOwner,
      };
    }
    case "verified":
      return {
        next: { status: "verified", checkNeededSince: null, lastAlertAt: stored.lastAlertAt, alertOpen: false },
        notifyOwner: stored.status === "check_needed" && stored.alertOpen && alertsEnabled,
      };
    case "unknown":
      return { next: { status: "unknown", checkNeededSince: null, lastAlertAt: stored.lastAlertAt, alertOpen: false }, notifyOwner: false };
    default: {
      const unexpected: never = verdict.status;
      throw new Error(`unknown forwarding status ${String(unexpected)}`);
    }
  }
}

// The weekly self-test.

export interface SelfTestSchedule {
  enabled: boolean;
  weekday: DayName;
  /** 'HH:MM' in the business's time zone. */
  time: string;
}

/** Whether `time` on `weekday` is inside the business's open hours (its own range, or the day before's overnight spill). */
export function isInsideOpenHours(hours: WeeklyHours, weekday: DayName, time: string): boolean {
  if (!isValidTime(time)) return false;
  const minute = timeToMinutes(time);
  const inRange = (day: DayName, sameDay: boolean): boolean => {
    const { open, close, enabled } = hours[day];
    if (!enabled || !isValidTime(open) || !isValidTime(close) || open === close) return false;
    const from = timeToMinutes(open);
    const to = timeToMinutes(close) === 23 * 60 + 59 ? 24 * 60 : timeToMinutes(close);
    if (from < to) return sameDay && minute >= from && minute < to;
    return sameDay ? minute >= from : minute < to;
  };
  const index = DAY_NAMES.indexOf(weekday);
  const previous = DAY_NAMES[(index + 6) % 7] ?? "sunday";
  return inRange(weekday, true) || inRange(previous, false);
}

const pad = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Tuesday 10:00 when the business is open then; else the first open day's opening time + 1 hour (or the opening time). */
export function defaultSelfTest(hours: WeeklyHours): SelfTestSchedule {
  if (isInsideOpenHours(hours, "tuesday", "10:00")) return { enabled: false, weekday: "tuesday", time: "10:00" };
  for (const day of DAY_NAMES) {
    const { open, enabled } = hours[day];
    if (!enabled || !isValidTime(open)) continue;
    const later = pad(Math.min(timeToMinutes(open) + 60, 23 * 60 + 59));
    if (isInsideOpenHours(hours, day, later)) return { enabled: false, weekday: day, time: later };
    if (isInsideOpenHours(hours, day, open)) return { enabled: false, weekday: day, time: open };
  }
  return { enabled: false, weekday: "tuesday", time: "10:00" };
}

/** The API also takes a day as 0-6 (0 = Sunday, as JavaScript's getDay); answers always use the name. */
export const WEEKDAY_BY_NUMBER: readonly DayName[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/**
 * The slot a self-test is due in at `now`: the local date of this week's test day when `now` is within
 * SELF_TEST_WINDOW_MINUTES after the chosen time; null otherwise. One test per slot (the store claims it).
 */
export function dueSelfTestSlot(schedule: SelfTestSchedule, timeZone: string, now: Date): string | null {
  if (!schedule.enabled || !isValidTime(schedule.time)) return null;
  const local = zonedWeekTime(timeZone, now);
  if (DAY_NAMES[local.weekday] !== schedule.weekday) return null;
  const start = timeToMinutes(schedule.time);
  if (local.minutes < start || local.minutes >= start + SELF_TEST_WINDOW_MINUTES) return null;
  return localDate(timeZone, now);
}
