/** Why a forwarding test ended the way it did. */
export type ForwardingOutcome =
  | { status: "success" }
  | { status: "failed"; cause: "answered" | "busy" | "no-answer" | "unreachable" | "timeout" }
  | { status: "failed"; cause: "call-not-placed"; providerCode?: string };

/** What the waiting request knows about its test at one moment. */
export interface ForwardingTestProgress {
  status: string;
  /** Final status of our outbound test call, once its status callback arrived. */
  testCallStatus: string | null;
  testCallEndedAt: Date | null;
}

/** Twilio's final call statuses -> why the call did not come back to us. */
export function causeOfTestCallStatus(status: string): "answered" | "busy" | "no-answer" | "unreachable" {
  switch (status) {
    case "completed":
    case "in-progress":
      return "answered";
    case "busy":
      return "busy";
    case "no-answer":
      return "no-answer";
    default:
      return "unreachable";
  }
}

export const FINAL_CALL_STATUSES = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);

/**
 * While the owner waits: done when the test left pending; failed once our test
 * call ended and the forwarded call still has not arrived after a grace period
 * (it normally arrives before the test call ends); failed at the deadline.
 */
export function decideForwardingTest(progress: ForwardingTestProgress, now: Date, deadline: Date, graceMs: number): "done" | "wait" | ForwardingOutcome {
  if (progress.status !== "pending") return "done";
  if (progress.testCallStatus && progress.testCallEndedAt && now.getTime() >= progress.testCallEndedAt.getTime() + graceMs) {
    return { status: "failed", cause: causeOfTestCallStatus(progress.testCallStatus) };
  }
  if (now.getTime() >= deadline.getTime()) return { status: "failed", cause: "timeout" };
  return "wait";
}
