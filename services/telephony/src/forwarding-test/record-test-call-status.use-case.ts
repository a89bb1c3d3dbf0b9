import { z } from "zod";
import { FINAL_CALL_STATUSES } from "../domain/forwarding-outcome";
import type { TelephonyDeps } from "../telephony-deps";
import type { testCallStatusSchema } from "./record-test-call-status.schema";

/** Our test call ended: remember how, and wake the waiting request (it decides after a short grace). */
export async function recordTestCallStatus(deps: TelephonyDeps, testId: string, callback: z.infer<typeof testCallStatusSchema>): Promise<void> {
  if (!FINAL_CALL_STATUSES.has(callback.CallStatus) || !z.uuid().safeParse(testId).success) return;
  const recorded = await deps.forwardingTests.recordTestCallEnded(deps.db.client, testId, callback.CallSid, callback.CallStatus, deps.clock.now());
  if (recorded) deps.waiters.notify(testId);
}
