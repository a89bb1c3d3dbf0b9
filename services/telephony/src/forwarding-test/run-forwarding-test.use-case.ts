import { AppError, TelephonyProviderError } from "@rebound/platform";
import { randomUUID } from "node:crypto";
import { decideForwardingTest, type ForwardingOutcome } from "../domain/forwarding-outcome";
import { forwardingTestResult, type ForwardingContext, type ForwardingTestResult } from "../domain/forwarding-result";
import { testCallStatusUrl } from "../domain/webhook-urls";
import { forwardingTestRepository, type ForwardingTestRecord } from "../store/forwarding-test.repository";
import type { TelephonyContext } from "../telephony-context";
import { completeForwardingTest } from "./complete-forwarding-test";

const POLL_MS = 250;

/**
 * POST /api/test/call-forwarding: our test caller calls the owner's phone; the
 * test succeeds when the carrier forwards that call to the dedicated number
 * (the voice webhook sees From = our test caller and concludes the test). It
 * fails when our test call ended without that, or after the window.
 */
export async function runForwardingTest(context: TelephonyContext, userId: string, testedNumber: string): Promise<ForwardingTestResult> {
  const businessId = await context.sync.resolveBusinessIdOfUser(userId);
  const dedicatedNumber = businessId ? await context.sync.resolveDedicatedNumber(businessId) : undefined;
  if (!businessId || !dedicatedNumber) {
    throw new AppError("CONFLICT", "Please get your dedicated phone number before testing call forwarding.");
  }
  const forwarding: ForwardingContext = {
    testedNumber,
    dedicatedNumber,
    ringSeconds: context.config.FORWARDING_TEST_RING_SECONDS,
    windowSeconds: context.config.FORWARDING_TEST_WINDOW_SECONDS,
  };
  await expireAbandonedTests(context, businessId, forwarding);

  const test = { id: randomUUID(), businessId, userId, testedNumber, dedicatedNumber, startedAt: context.clock.now() };
  await forwardingTestRepository.create(context.db.client, test);
  try {
    const call = await context.provider.placeTestCall({
      from: context.config.TWILIO_TEST_CALLER_NUMBER,
      to: testedNumber,
      timeoutSeconds: context.config.FORWARDING_TEST_RING_SECONDS,
      statusCallbackUrl: testCallStatusUrl(context.publicBaseUrl(), test.id),
    });
    await forwardingTestRepository.setTestCallSid(context.db.client, test.id, call.sid);
  } catch (error) {
    if (!(error instanceof TelephonyProviderError)) throw error;
    context.logger.warn({ err: error, businessId, testedNumber }, "forwarding test call could not be placed");
    return conclude(context, test, { status: "failed", cause: "call-not-placed", providerCode: error.code }, forwarding);
  }

  const deadline = new Date(test.startedAt.getTime() + context.config.FORWARDING_TEST_WINDOW_SECONDS * 1000);
  for (;;) {
    const current = await forwardingTestRepository.findById(context.db.client, test.id);
    if (!current) throw new Error(`forwarding test ${test.id} vanished`);
    const decision = decideForwardingTest(current, context.clock.now(), deadline, context.config.FORWARDING_TEST_GRACE_MS);
    if (decision === "done") return storedResult(current);
    if (decision !== "wait") return conclude(context, test, decision, forwarding);
    await context.waiters.wait(test.id, POLL_MS);
  }
}

async function conclude(
  context: TelephonyContext,
  test: Pick<ForwardingTestRecord, "id" | "businessId" | "testedNumber">,
  outcome: ForwardingOutcome,
  forwarding: ForwardingContext,
): Promise<ForwardingTestResult> {
  const result = forwardingTestResult(outcome, forwarding);
  const concluded = await context.db.transaction((tx) => completeForwardingTest(tx, test, result, context.clock.now()));
  if (concluded) return result;
  // The forwarded call won the race: its result stands.
  const current = await forwardingTestRepository.findById(context.db.client, test.id);
  return current ? storedResult(current) : result;
}

function storedResult(test: ForwardingTestRecord): ForwardingTestResult {
  return { success: test.status === "success", message: test.message ?? "", interpretation: test.interpretation ?? "" };
}

/**
 * One test at a time per business. A pending test whose request died (restart)
 * is concluded as timed out once twice its window has passed.
 */
async function expireAbandonedTests(context: TelephonyContext, businessId: string, forwarding: ForwardingContext): Promise<void> {
  const now = context.clock.now().getTime();
  for (const pending of await forwardingTestRepository.findPending(context.db.client, businessId)) {
    if (now - pending.startedAt.getTime() < 2 * forwarding.windowSeconds * 1000) {
      throw new AppError("CONFLICT", "A call forwarding test is already running. Please wait for it to finish.");
    }
    const stale = { ...forwarding, testedNumber: pending.testedNumber, dedicatedNumber: pending.dedicatedNumber };
    await conclude(context, pending, { status: "failed", cause: "timeout" }, stale);
  }
}
