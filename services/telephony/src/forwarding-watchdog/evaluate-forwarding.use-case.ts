// The forwarding watchdog's facts, verdict and stored status of one business (docs/forwarding-watchdog.md).
import { telephonyV1, timestampFromDate } from "@rebound/contracts";
import { DEFAULT_TIME_ZONE, DEFAULT_WEEKLY_HOURS, DAY_NAMES, type WeeklyHours } from "@rebound/contracts/domain";
import {
  estimateRate,
  HISTORY_DAYS,
  judgeForwarding,
  transitionWatchdog,
  type ForwardingStatusName,
  type RateEstimate,
  type StoredWatchdog,
  type WatchdogCalendar,
  type WatchdogVerdict,
} from "../domain/forwarding-watchdog";
import type { BusinessWatchdogSettings } from "../store/business-directory.repository";
import type { CompletedTest, WatchdogRecord } from "../store/forwarding-watchdog.repository";
import type { TelephonyDeps } from "../telephony-deps";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything the status answer and the job need of one business, read at one instant. */
export interface ForwardingView {
  businessId: string;
  now: Date;
  settings: BusinessWatchdogSettings | null;
  calendar: WatchdogCalendar;
  dedicatedNumber: string | null;
  record: WatchdogRecord | null;
  lastForwardedCallAt: Date | null;
  latestTest: CompletedTest | null;
  rate: RateEstimate;
  verdict: WatchdogVerdict;
}

const UNSTORED: StoredWatchdog = { status: "unknown", checkNeededSince: null, lastAlertAt: null, alertOpen: false };

function defaultWeek(): WeeklyHours {
  return Object.fromEntries(DAY_NAMES.map((day) => [day, { ...DEFAULT_WEEKLY_HOURS[day] }])) as WeeklyHours;
}

export function calendarOf(settings: BusinessWatchdogSettings | null): WatchdogCalendar {
  return settings
    ? { businessHours: settings.businessHours, timeZone: settings.timeZone, closedDates: settings.closedDates }
    : { businessHours: defaultWeek(), timeZone: DEFAULT_TIME_ZONE, closedDates: [] };
}

/** Reads the facts and judges them. A business without a dedicated number is always unknown. */
export async function readForwarding(deps: TelephonyDeps, businessId: string): Promise<ForwardingView> {
  const now = deps.clock.now();
  const [settings, number, record, bounds, tests, calls] = await Promise.all([
    deps.businesses.findWatchdogSettings(businessId),
    deps.phoneNumbers.findByBusiness(businessId),
    deps.watchdog.find(businessId),
    deps.watchdog.forwardedCallBounds(businessId),
    deps.watchdog.testResults(businessId),
    deps.watchdog.forwardedCallTimes(businessId, new Date(now.getTime() - HISTORY_DAYS * DAY_MS)),
  ]);
  const calendar = calendarOf(settings);
  // The history starts with the first forwarded call, never before the number was bought.
  const historyStart = bounds.first && number ? new Date(Math.max(bounds.first.getTime(), number.purchasedAt.getTime())) : bounds.first;
  const rate = estimateRate(calendar, calls, historyStart, now);
  const verdict: WatchdogVerdict = number
    ? judgeForwarding({
        calendar,
        now,
        lastForwardedCallAt: bounds.last,
        lastPassedTestAt: tests.lastPassedAt,
        selfTestFailedAt: record?.selfTestFailedAt ?? null,
        rate,
      })
    : { status: "unknown", checkNeededSince: null, silentSince: null, cause: null };
  return {
    businessId,
    now,
    settings,
    calendar,
    dedicatedNumber: number?.phoneNumber ?? null,
    record,
    lastForwardedCallAt: bounds.last,
    latestTest: tests.latest,
    rate,
    verdict,
  };
}

const STATUS: Readonly<Record<ForwardingStatusName, telephonyV1.ForwardingStatus>> = {
  unknown: telephonyV1.ForwardingStatus.UNKNOWN,
  verified: telephonyV1.ForwardingStatus.VERIFIED,
  check_needed: telephonyV1.ForwardingStatus.CHECK_NEEDED,
};

/**
 * Moves the stored status to the verdict's, once: the change is written over the version it was computed
 * from and ForwardingStatusChanged appended with it (messaging e-mails the owner when notify_owner). Another
 * replica's run that changed it first wins; this one writes nothing. Returns the new status when it changed.
 */
export async function evaluateForwarding(deps: TelephonyDeps, businessId: string): Promise<ForwardingStatusName | null> {
  const view = await readForwarding(deps, businessId);
  if (!view.dedicatedNumber) return null;
  const stored = view.record ?? UNSTORED;
  const transition = transitionWatchdog(stored, view.verdict, view.settings?.forwardingAlertsEnabled ?? true, view.now);
  if (!transition) return null;
  const { verdict, rate } = view;
  const changed = await deps.db.transaction(async (tx) => {
    if (!(await deps.watchdog.saveTransition(tx, businessId, view.record?.version ?? 0, transition.next))) return false;
    tx.append("ForwardingStatusChanged", businessId, {
      businessId,
      status: STATUS[transition.next.status],
      previousStatus: STATUS[stored.status],
      changedAt: timestampFromDate(view.now),
      cause: verdict.cause ?? "",
      ...(view.lastForwardedCallAt ? { lastForwardedCallAt: timestampFromDate(view.lastForwardedCallAt) } : {}),
      ...(verdict.silentSince ? { silentSince: timestampFromDate(verdict.silentSince) } : {}),
      ...(transition.next.checkNeededSince ? { checkNeededSince: timestampFromDate(transition.next.checkNeededSince) } : {}),
      ...(rate.expectedCallsPerDay !== null ? { expectedCallsPerDay: rate.expectedCallsPerDay } : {}),
      notifyOwner: transition.notifyOwner,
      timeZone: view.calendar.timeZone,
      dedicatedNumber: view.dedicatedNumber ?? "",
    });
    return true;
  });
  if (!changed) return null;
  deps.logger.info({ businessId, from: stored.status, to: transition.next.status, notifyOwner: transition.notifyOwner }, "forwarding status changed");
  return transition.next.status;
}
