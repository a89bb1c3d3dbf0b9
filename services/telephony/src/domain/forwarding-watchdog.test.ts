import { DEFAULT_WEEKLY_HOURS, type WeeklyHours } from "@rebound/contracts/domain";
import {
  ALERT_GAP_MS,
  defaultSelfTest,
  dueSelfTestSlot,
  estimateRate,
  isInsideOpenHours,
  judgeForwarding,
  openTime,
  transitionWatchdog,
  type StoredWatchdog,
  type WatchdogCalendar,
  type WatchdogVerdict,
} from "./forwarding-watchdog";

const HOUR = 60 * 60 * 1000;
const week = (): WeeklyHours => JSON.parse(JSON.stringify(DEFAULT_WEEKLY_HOURS)) as WeeklyHours;
const NEW_YORK: WatchdogCalendar = { businessHours: week(), timeZone: "America/New_York", closedDates: [] };

/** New York local time in November 2026 after the DST change (EST, UTC-5). */
const est = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);
const day = (n: number) => `2026-11-${String(n).padStart(2, "0")}`;

/** Mondays to Fridays from 2 to 20 November: six forwarded calls a day (9:30 ... 16:10), three weeks, 90 calls. */
function steadyHistory(): Date[] {
  const calls: Date[] = [];
  for (let d = 2; d <= 20; d++) {
    const weekday = new Date(`${day(d)}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const time of ["09:30", "10:50", "12:10", "13:30", "14:50", "16:10"]) calls.push(est(day(d), time));
  }
  return calls;
}

const PURCHASED = est("2026-11-01", "12:00");

function verdictAt(now: Date, calls: Date[], calendar = NEW_YORK, historyStart: Date | null = PURCHASED): WatchdogVerdict {
  const past = calls.filter((at) => at <= now);
  const last = past.length ? (past[past.length - 1] ?? null) : null;
  return judgeForwarding({
    calendar,
    now,
    lastForwardedCallAt: last,
    lastPassedTestAt: null,
    selfTestFailedAt: null,
    rate: estimateRate(calendar, past, historyStart, now),
  });
}

/** Evaluates every 30 minutes from `from` to `to`; the first check-needed instant, and every evaluation. */
function run(from: Date, to: Date, calls: Date[], calendar = NEW_YORK, historyStart: Date | null = PURCHASED) {
  const verdicts: { at: Date; verdict: WatchdogVerdict }[] = [];
  for (let at = from.getTime(); at <= to.getTime(); at += 30 * 60 * 1000)
    verdicts.push({ at: new Date(at), verdict: verdictAt(new Date(at), calls, calendar, historyStart) });
  return { first: verdicts.find((entry) => entry.verdict.status === "check_needed"), verdicts };
}

describe("forwarding watchdog: expectation model", () => {
  it("given three weeks of six calls a day, then about 0.7 calls per open hour and about 6 a day", () => {
    const now = est(day(20), "17:00");
    const rate = estimateRate(NEW_YORK, steadyHistory(), PURCHASED, now);

    expect(rate.openCalls).toBe(90);
    expect(rate.openHours).toBeCloseTo(15 * 8, 5);
    expect(rate.callsPerOpenHour).toBeCloseTo(0.75, 5);
    expect(rate.expectedCallsPerDay).toBe(6);
    expect(rate.alarmAfterOpenHours).toBeCloseTo(Math.log(100) / 0.75, 5);
  });

  it("counts open hours only: weekdays 9-17 in the business's zone, closed dates left out", () => {
    const monday = est(day(23), "00:00");
    const nextMonday = est(day(30), "00:00");

    expect(openTime(NEW_YORK, monday, nextMonday)).toEqual({ hours: 40, openDays: 5 });
    expect(openTime({ ...NEW_YORK, closedDates: [day(26)] }, monday, nextMonday)).toEqual({ hours: 32, openDays: 4 });
  });

  it("reads a half-hour zone's days right (Kolkata, UTC+5:30)", () => {
    const kolkata = { ...NEW_YORK, timeZone: "Asia/Kolkata" };
    const monday = new Date("2026-11-23T00:00:00+05:30");

    expect(openTime(kolkata, monday, new Date("2026-11-30T00:00:00+05:30"))).toEqual({ hours: 40, openDays: 5 });
    expect(openTime({ ...kolkata, closedDates: ["2026-11-23"] }, monday, new Date("2026-11-24T00:00:00+05:30"))).toEqual({ hours: 0, openDays: 0 });
  });

  it("given steady calls that stop on Friday afternoon, then never over the weekend or at night, check needed on Monday inside the expected window", () => {
    const calls = steadyHistory();
    const { first, verdicts } = run(est(day(20), "16:15"), est(day(24), "12:00"), calls);

    // Last call Friday 16:10; ln(100)/λ ≈ 6.4 open hours: 50 minutes on Friday, the rest on Monday from 9:00.
    expect(first).toBeDefined();
    expect(first?.at.getTime()).toBeGreaterThanOrEqual(est(day(23), "14:00").getTime());
    expect(first?.at.getTime()).toBeLessThanOrEqual(est(day(23), "15:00").getTime());
    expect(first?.verdict.checkNeededSince?.getTime()).toBeGreaterThan(est(day(23), "14:00").getTime());
    expect(first?.verdict).toMatchObject({ cause: "silence", silentSince: est(day(20), "16:10") });
    const beforeMonday = verdicts.filter(({ at }) => at < est(day(23), "09:00"));
    expect(beforeMonday.length).toBeGreaterThan(120);
    expect(beforeMonday.every(({ verdict }) => verdict.status === "verified")).toBe(true);
  });

  it("given the Monday marked closed (a holiday), then check needed only on Tuesday", () => {
    const holiday = { ...NEW_YORK, closedDates: [day(23)] };
    const { first } = run(est(day(20), "16:15"), est(day(24), "17:00"), steadyHistory(), holiday);

    expect(first?.at.getTime()).toBeGreaterThanOrEqual(est(day(24), "14:00").getTime());
    expect(first?.at.getTime()).toBeLessThanOrEqual(est(day(24), "15:00").getTime());
  });

  it("given a business whose number is 10 days old, then silence never alarms and there is no expectation", () => {
    const purchased = est(day(9), "08:00");
    const calls = steadyHistory().filter((at) => at > purchased && at < est(day(14), "00:00"));
    const { first } = run(est(day(14), "00:00"), est(day(19), "08:00"), calls, NEW_YORK, purchased);

    expect(first).toBeUndefined();
    expect(estimateRate(NEW_YORK, calls, purchased, est(day(19), "08:00"))).toMatchObject({ reason: "history_too_short", expectedCallsPerDay: null });
  });

  it("given fewer than 10 calls in the history, then silence never alarms", () => {
    const calls = steadyHistory().filter((_, index) => index % 10 === 0);
    expect(calls).toHaveLength(9);
    const { first } = run(est(day(20), "16:15"), est(day(27), "17:00"), calls);

    expect(first).toBeUndefined();
    expect(estimateRate(NEW_YORK, calls, PURCHASED, est(day(27), "17:00"))).toMatchObject({ reason: "too_few_calls", openCalls: 9 });
  });

  it("given calls that arrived at night, then they are not counted towards the open-hours rate", () => {
    const calls = [...steadyHistory(), est(day(10), "23:30"), est(day(11), "03:00")];
    expect(estimateRate(NEW_YORK, calls, PURCHASED, est(day(20), "17:00")).openCalls).toBe(90);
  });

  it("given no forwarded call and no test, then unknown; a failed self-test after the last call, then check needed at once", () => {
    expect(verdictAt(est(day(20), "12:00"), [], NEW_YORK, PURCHASED).status).toBe("unknown");
    const failed = est(day(20), "10:00");
    const verdict = judgeForwarding({
      calendar: NEW_YORK,
      now: est(day(20), "10:01"),
      lastForwardedCallAt: est(day(19), "15:00"),
      lastPassedTestAt: null,
      selfTestFailedAt: failed,
      rate: estimateRate(NEW_YORK, [], PURCHASED, est(day(20), "10:01")),
    });
    expect(verdict).toMatchObject({ status: "check_needed", checkNeededSince: failed, cause: "self_test_failed" });
  });

  it("given a passing test after the silence began, then verified again, counted from the test", () => {
    const now = est(day(24), "12:00");
    const calls = steadyHistory();
    const verdict = judgeForwarding({
      calendar: NEW_YORK,
      now,
      lastForwardedCallAt: est(day(20), "16:10"),
      lastPassedTestAt: est(day(24), "09:30"),
      selfTestFailedAt: null,
      rate: estimateRate(NEW_YORK, calls, PURCHASED, now),
    });
    expect(verdict).toMatchObject({ status: "verified", cause: "test_passed", silentSince: est(day(24), "09:30") });
  });
});

describe("forwarding watchdog: transitions and e-mails", () => {
  const verified: StoredWatchdog = { status: "verified", checkNeededSince: null, lastAlertAt: null, alertOpen: false };
  const checkNeeded = (since: Date): WatchdogVerdict => ({ status: "check_needed", checkNeededSince: since, silentSince: since, cause: "silence" });
  const ok: WatchdogVerdict = { status: "verified", checkNeededSince: null, silentSince: new Date(), cause: "forwarded_call" };

  it("e-mails once when forwarding turns to check needed, not again while it stays, and an all-clear when calls resume", () => {
    const t0 = est(day(23), "14:20");
    const alarm = transitionWatchdog(verified, checkNeeded(t0), true, t0);
    expect(alarm).toMatchObject({ notifyOwner: true, next: { status: "check_needed", lastAlertAt: t0, alertOpen: true } });

    const stored = alarm?.next ?? verified;
    expect(transitionWatchdog(stored, checkNeeded(t0), true, new Date(t0.getTime() + HOUR))).toBeNull();

    const resumed = transitionWatchdog(stored, ok, true, new Date(t0.getTime() + 2 * HOUR));
    expect(resumed).toMatchObject({ notifyOwner: true, next: { status: "verified", alertOpen: false, lastAlertAt: t0 } });
  });

  it("never e-mails a second check needed within 3 days, nor its all-clear", () => {
    const t0 = est(day(23), "14:20");
    const afterFirst: StoredWatchdog = { status: "verified", checkNeededSince: null, lastAlertAt: t0, alertOpen: false };
    const soon = new Date(t0.getTime() + ALERT_GAP_MS - HOUR);
    const second = transitionWatchdog(afterFirst, checkNeeded(soon), true, soon);
    expect(second).toMatchObject({ notifyOwner: false, next: { status: "check_needed", alertOpen: false, lastAlertAt: t0 } });
    expect(transitionWatchdog(second?.next ?? afterFirst, ok, true, soon)?.notifyOwner).toBe(false);

    const later = new Date(t0.getTime() + ALERT_GAP_MS);
    expect(transitionWatchdog(afterFirst, checkNeeded(later), true, later)?.notifyOwner).toBe(true);
  });

  it("with forwarding alerts off, the status changes but nobody is e-mailed", () => {
    const t0 = est(day(23), "14:20");
    const alarm = transitionWatchdog(verified, checkNeeded(t0), false, t0);
    expect(alarm).toMatchObject({ notifyOwner: false, next: { status: "check_needed", lastAlertAt: null } });
  });

  it("unknown to verified is a change without an e-mail", () => {
    const unknown: StoredWatchdog = { ...verified, status: "unknown" };
    expect(transitionWatchdog(unknown, ok, true, new Date())).toMatchObject({ notifyOwner: false, next: { status: "verified" } });
  });
});

describe("forwarding watchdog: the weekly self-test", () => {
  it("accepts times inside the day's open hours only, overnight ranges included", () => {
    const hours = week();
    hours.friday = { open: "22:00", close: "02:00", enabled: true };

    expect(isInsideOpenHours(hours, "tuesday", "10:00")).toBe(true);
    expect(isInsideOpenHours(hours, "tuesday", "17:00")).toBe(false);
    expect(isInsideOpenHours(hours, "tuesday", "08:59")).toBe(false);
    expect(isInsideOpenHours(hours, "saturday", "12:00")).toBe(false);
    expect(isInsideOpenHours(hours, "friday", "23:30")).toBe(true);
    expect(isInsideOpenHours(hours, "saturday", "01:30")).toBe(true);
    expect(isInsideOpenHours(hours, "tuesday", "25:00")).toBe(false);
  });

  it("defaults to Tuesday 10:00, or the first open day's opening + 1 hour when closed then", () => {
    expect(defaultSelfTest(week())).toEqual({ enabled: false, weekday: "tuesday", time: "10:00" });
    const weekends = week();
    for (const name of ["monday", "tuesday", "wednesday", "thursday", "friday"] as const) weekends[name].enabled = false;
    weekends.saturday = { open: "08:00", close: "12:00", enabled: true };
    expect(defaultSelfTest(weekends)).toEqual({ enabled: false, weekday: "saturday", time: "09:00" });
  });

  it("is due in the hour after its local time on its weekday, with the local date as its slot", () => {
    const schedule = { enabled: true, weekday: "tuesday", time: "10:00" } as const;

    expect(dueSelfTestSlot(schedule, "America/New_York", est(day(24), "09:59"))).toBeNull();
    expect(dueSelfTestSlot(schedule, "America/New_York", est(day(24), "10:00"))).toBe(day(24));
    expect(dueSelfTestSlot(schedule, "America/New_York", est(day(24), "10:59"))).toBe(day(24));
    expect(dueSelfTestSlot(schedule, "America/New_York", est(day(24), "11:00"))).toBeNull();
    expect(dueSelfTestSlot(schedule, "America/New_York", est(day(25), "10:10"))).toBeNull();
    expect(dueSelfTestSlot({ ...schedule, enabled: false }, "America/New_York", est(day(24), "10:10"))).toBeNull();
  });
});
