import type { ForwardingStatus } from "@/shared/forwarding/forwarding-status";

/** GET /api/forwarding/status's answer (issue 28), a new business's by default. */
export function forwardingStatus(overrides: Partial<ForwardingStatus> = {}): ForwardingStatus {
  return {
    status: "unknown",
    lastForwardedCallAt: null,
    lastTestAt: null,
    lastTestResult: null,
    expectedCallsPerDay: null,
    checkNeededSince: null,
    selfTest: { enabled: false, weekday: "tuesday", time: "10:00" },
    ...overrides,
  };
}

/** A business whose forwarding went quiet on Tuesday, Nov 24 2026 at 2:10 PM New York time. */
export const CHECK_NEEDED = forwardingStatus({
  status: "check_needed",
  lastForwardedCallAt: "2026-11-24T19:10:00Z",
  expectedCallsPerDay: 6.2,
  checkNeededSince: "2026-11-25T16:00:00Z",
});

export const VERIFIED = forwardingStatus({
  status: "verified",
  lastForwardedCallAt: "2026-11-24T19:10:00Z",
  lastTestAt: "2026-11-20T15:00:00Z",
  lastTestResult: "success",
  expectedCallsPerDay: 6.2,
});
