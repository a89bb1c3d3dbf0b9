import { defaultSelfTest, type ForwardingStatusName, type SelfTestSchedule } from "../domain/forwarding-watchdog";
import type { TelephonyDeps } from "../telephony-deps";
import { calendarOf, readForwarding, type ForwardingView } from "./evaluate-forwarding.use-case";

/** GET /api/forwarding/status (and PUT /api/forwarding/self-test's answer). */
export interface ForwardingStatusBody {
  status: ForwardingStatusName;
  lastForwardedCallAt: string | null;
  lastTestAt: string | null;
  lastTestResult: "success" | "failed" | null;
  expectedCallsPerDay: number | null;
  checkNeededSince: string | null;
  selfTest: SelfTestSchedule;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The status as of now (the job moves the stored one and e-mails; this answer does not wait for its next run). */
export function toStatusBody(view: ForwardingView): ForwardingStatusBody {
  const { verdict, record } = view;
  // While the stored status is check needed too, its instant stands (the live one drifts with the rate's window).
  const since = verdict.status === "check_needed" ? ((record?.status === "check_needed" ? record.checkNeededSince : null) ?? verdict.checkNeededSince) : null;
  return {
    status: verdict.status,
    lastForwardedCallAt: iso(view.lastForwardedCallAt),
    lastTestAt: iso(view.latestTest?.completedAt),
    lastTestResult: view.latestTest?.status ?? null,
    expectedCallsPerDay: view.rate.expectedCallsPerDay,
    checkNeededSince: iso(since),
    selfTest: record?.selfTest ?? defaultSelfTest(view.calendar.businessHours),
  };
}

/** A business telephony does not know yet (its events trail the sign-up): unknown, with the default self-test. */
function unknownBody(): ForwardingStatusBody {
  return {
    status: "unknown",
    lastForwardedCallAt: null,
    lastTestAt: null,
    lastTestResult: null,
    expectedCallsPerDay: null,
    checkNeededSince: null,
    selfTest: defaultSelfTest(calendarOf(null).businessHours),
  };
}

export async function getForwardingStatus(deps: TelephonyDeps, userId: string): Promise<ForwardingStatusBody> {
  const businessId = await deps.sync.resolveBusinessIdOfUser(userId);
  if (!businessId) return unknownBody();
  return toStatusBody(await readForwarding(deps, businessId));
}
