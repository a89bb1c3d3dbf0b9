import { isConnectionError, type JobDefinition } from "@rebound/platform";
import type { TelephonyDeps } from "../telephony-deps";
import { evaluateForwarding } from "./evaluate-forwarding.use-case";

/**
 * The forwarding watchdog (docs/forwarding-watchdog.md): every FORWARDING_WATCHDOG_INTERVAL_MS, each business with a
 * dedicated number is judged and its stored status moved. Safe on several replicas: a change is written over the
 * version it was computed from, so only one run appends ForwardingStatusChanged (and so one e-mail).
 */
export async function evaluateAllForwarding(deps: TelephonyDeps): Promise<number> {
  let changed = 0;
  for (const businessId of await deps.watchdog.businessesWithNumbers()) {
    try {
      if (await evaluateForwarding(deps, businessId)) changed++;
    } catch (error) {
      // The database is away: the job backs off (platform jobs); any other failure stays this business's.
      if (isConnectionError(error)) throw error;
      deps.logger.warn({ err: error, businessId }, "forwarding watchdog evaluation failed; next run tries again");
    }
  }
  return changed;
}

export function evaluateForwardingJob(deps: TelephonyDeps): JobDefinition {
  return {
    name: "telephony:forwarding-watchdog",
    intervalMs: deps.config.FORWARDING_WATCHDOG_INTERVAL_MS,
    run: async () => {
      await evaluateAllForwarding(deps);
    },
  };
}
