import { z } from "zod";
import { FINAL_CALL_STATUSES } from "../domain/forwarding-outcome";
import { forwardingTestRepository } from "../store/forwarding-test.repository";
import type { TelephonyContext } from "../telephony-context";

export const testCallStatusSchema = z.object({
  CallSid: z.string({ error: "CallSid is required" }).min(1, "CallSid is required"),
  CallStatus: z.string({ error: "CallStatus is required" }).min(1, "CallStatus is required"),
});

/** Our test call ended: remember how, and wake the waiting request (it decides after a short grace). */
export async function recordTestCallStatus(context: TelephonyContext, testId: string, callback: z.infer<typeof testCallStatusSchema>): Promise<void> {
  if (!FINAL_CALL_STATUSES.has(callback.CallStatus) || !z.uuid().safeParse(testId).success) return;
  const recorded = await forwardingTestRepository.recordTestCallEnded(context.db.client, testId, callback.CallSid, callback.CallStatus, context.clock.now());
  if (recorded) context.waiters.notify(testId);
}
