import { telephonyV1, timestampFromDate } from "@rebound/contracts";
import type { ForwardingTestResult } from "../domain/forwarding-result";
import type { ForwardingTestRecord } from "../store/forwarding-test.repository";
import type { TelephonyTx } from "../store/telephony-db";
import type { TelephonyDeps } from "../telephony-deps";

/**
 * Concludes a pending test in the caller's transaction and appends
 * ForwardingTestCompleted; false (and no event) when it was already concluded.
 */
export async function completeForwardingTest(
  deps: Pick<TelephonyDeps, "forwardingTests">,
  tx: TelephonyTx,
  test: Pick<ForwardingTestRecord, "id" | "businessId" | "testedNumber">,
  result: ForwardingTestResult,
  completedAt: Date,
  forwardedCallSid?: string,
): Promise<boolean> {
  const completed = await deps.forwardingTests.complete(tx, test.id, {
    status: result.success ? "success" : "failed",
    message: result.message,
    interpretation: result.interpretation,
    completedAt,
    ...(forwardedCallSid ? { forwardedCallSid } : {}),
  });
  if (!completed) return false;
  tx.append("ForwardingTestCompleted", test.businessId, {
    businessId: test.businessId,
    testId: test.id,
    status: result.success ? telephonyV1.ForwardingTestStatus.SUCCESS : telephonyV1.ForwardingTestStatus.FAILED,
    testedNumber: test.testedNumber,
    message: result.message,
    interpretation: result.interpretation,
    completedAt: timestampFromDate(completedAt),
  });
  return true;
}
