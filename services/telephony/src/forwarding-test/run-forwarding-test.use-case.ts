import { AppError } from "@rebound/platform";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { randomUUID } from "node:crypto";
import { decideForwardingTest, type ForwardingOutcome } from "../domain/forwarding-outcome";
import { forwardingTestResult, type ForwardingContext, type ForwardingTestResult } from "../domain/forwarding-result";
import { testCallStatusUrl } from "../domain/webhook-urls";
import type { ForwardingTestRecord } from "../store/forwarding-test.repository";
import type { TelephonyDeps } from "../telephony-deps";
import { completeForwardingTest } from "./complete-forwarding-test";

const POLL_MS = 250;

/**
 * POST /api/test/call-forwarding: our test caller calls the owner's phone; the
 * test succeeds when the carrier forwards that call to the dedicated number
 * (the voice webhook sees From = our test caller and concludes the test). It
 * fails when our test call ended without that, or after the window.
 */
export async function runForwardingTest(deps: TelephonyDeps, userId: string, testedNumber: string): Promise<ForwardingTestResult> {
  const businessId = await deps.sync.resolveBusinessIdOfUser(userId);
  const dedicatedNumber = businessId ? await deps.sync.resolveDedicatedNumber(businessId) : undefined;
  if (!businessId || !dedicatedNumber) {
    throw new AppError("CONFLICT", "Please get your dedicated phone number before testing call forwarding.");
  }
  const forwarding: ForwardingContext = {
    testedNumber,
    dedicatedNumber,
    ringSeconds: deps.config.FORWARDING_TEST_RING_SECONDS,
    windowSeconds: deps.config.FORWARDING_TEST_WINDOW_SECONDS,
  };
  await expireAbandonedTests(deps, businessId, forwarding);
  await enforceDailyCap(deps, businessId);

  const test = { id: randomUUID(), businessId, userId, testedNumber, dedicatedNumber, startedAt: deps.clock.now() };
  await deps.forwardingTests.create(deps.db.client, test);
  try {
    const call = await deps.provider.placeTestCall({
      from: deps.testCallerNumber,
      to: testedNumber,
      timeoutSeconds: deps.config.FORWARDING_TEST_RING_SECONDS,
      statusCallbackUrl: testCallStatusUrl(deps.publicBaseUrl(), test.id),
    });
    await deps.forwardingTests.setTestCallSid(deps.db.client, test.id, call.sid);
  } catch (error) {
    if (!(error instanceof TelephonyProviderError)) throw error;
    deps.logger.warn({ err: error, businessId, testedNumber }, "forwarding test call could not be placed");
    return conclude(deps, test, { status: "failed", cause: "call-not-placed", providerCode: error.code }, forwarding);
  }

  const deadline = new Date(test.startedAt.getTime() + deps.config.FORWARDING_TEST_WINDOW_SECONDS * 1000);
  for (;;) {
    const current = await deps.forwardingTests.findById(test.id);
    if (!current) throw new Error(`forwarding test ${test.id} vanished`);
    const decision = decideForwardingTest(current, deps.clock.now(), deadline, deps.config.FORWARDING_TEST_GRACE_MS);
    if (decision === "done") return storedResult(current);
    if (decision !== "wait") return conclude(deps, test, decision, forwarding);
    await deps.waiters.wait(test.id, POLL_MS);
  }
}

async function conclude(
  deps: TelephonyDeps,
  test: Pick<ForwardingTestRecord, "id" | "businessId" | "testedNumber">,
  outcome: ForwardingOutcome,
  forwarding: ForwardingContext,
): Promise<ForwardingTestResult> {
  const result = forwardingTestResult(outcome, forwarding);
  const concluded = await deps.db.transaction((tx) => completeForwardingTest(deps, tx, test, result, deps.clock.now()));
  if (concluded) return result;
  // The forwarded call won the race: its result stands.
  const current = await deps.forwardingTests.findById(test.id);
  return current ? storedResult(current) : result;
}

function storedResult(test: ForwardingTestRecord): ForwardingTestResult {
  return { success: test.status === "success", message: test.message ?? "", interpretation: test.interpretation ?? "" };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** At most FORWARDING_TEST_DAILY_CAP test calls per business in 24 hours: each costs us a call. */
async function enforceDailyCap(deps: TelephonyDeps, businessId: string): Promise<void> {
  const cap = deps.config.FORWARDING_TEST_DAILY_CAP;
  const started = await deps.forwardingTests.countStartedSince(businessId, new Date(deps.clock.now().getTime() - DAY_MS));
  if (started >= cap) {
    throw new AppError("RATE_LIMITED", `You can test call forwarding ${cap} times a day. Please try again tomorrow.`, { retryAfterSeconds: 60 * 60 });
  }
}

/**
 * One test at a time per business. A pending test whose request died (restart)
 * is concluded as timed out once twice its window has passed.
 */
async function expireAbandonedTests(deps: TelephonyDeps, businessId: string, forwarding: ForwardingContext): Promise<void> {
  const now = deps.clock.now().getTime();
  for (const pending of await deps.forwardingTests.findPending(deps.db.client, businessId)) {
    if (now - pending.startedAt.getTime() < 2 * forwarding.windowSeconds * 1000) {
      throw new AppError("CONFLICT", "A call forwarding test is already running. Please wait for it to finish.");
    }
    const stale = { ...forwarding, testedNumber: pending.testedNumber, dedicatedNumber: pending.dedicatedNumber };
    await conclude(deps, pending, { status: "failed", cause: "timeout" }, stale);
  }
}
