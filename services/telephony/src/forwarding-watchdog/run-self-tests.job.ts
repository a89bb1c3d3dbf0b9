import { AppError, type JobDefinition } from "@rebound/platform";
import { dueSelfTestSlot } from "../domain/forwarding-watchdog";
import { runForwardingTest } from "../forwarding-test/run-forwarding-test.use-case";
import type { TelephonyDeps } from "../telephony-deps";
import { evaluateForwarding } from "./evaluate-forwarding.use-case";

/**
 * The owners' weekly forwarding self-tests (docs/forwarding-watchdog.md): each business whose test is due (its
 * weekday, within the hour after its local time) gets the manual test's call to its business phone. The slot (the
 * local date) is claimed first, so a test runs at most once per week even with several replicas or a restart in
 * between. A failure turns the status to check needed at once, a pass to verified (evaluateForwarding).
 * Returns how many tests ran.
 */
export async function runDueSelfTests(deps: TelephonyDeps): Promise<number> {
  const now = deps.clock.now();
  let ran = 0;
  for (const record of await deps.watchdog.withSelfTest()) {
    const settings = await deps.businesses.findWatchdogSettings(record.businessId);
    const slot = settings ? dueSelfTestSlot(record.selfTest, settings.timeZone, now) : null;
    if (!settings || !slot) continue;
    if (!(await deps.watchdog.claimSelfTestSlot(record.businessId, slot))) continue;
    if (settings.businessPhone === "") {
      deps.logger.warn({ businessId: record.businessId }, "forwarding self-test skipped: no business phone");
      continue;
    }
    try {
      const result = await runForwardingTest(deps, settings.userId, settings.businessPhone);
      ran++;
      if (!result.success) await deps.watchdog.recordSelfTestFailed(record.businessId, deps.clock.now());
    } catch (error) {
      // The test's own refusals (one already running, the daily cap, no number any more): no verdict this week.
      if (!(error instanceof AppError)) throw error;
      deps.logger.warn({ err: error, businessId: record.businessId }, "forwarding self-test not run");
      continue;
    }
    await evaluateForwarding(deps, record.businessId);
  }
  return ran;
}

export function runSelfTestsJob(deps: TelephonyDeps): JobDefinition {
  return {
    name: "telephony:forwarding-self-tests",
    intervalMs: deps.config.FORWARDING_SELF_TEST_INTERVAL_MS,
    run: async () => {
      const ran = await runDueSelfTests(deps);
      if (ran > 0) deps.logger.info({ ran }, "forwarding self-tests run");
    },
  };
}
