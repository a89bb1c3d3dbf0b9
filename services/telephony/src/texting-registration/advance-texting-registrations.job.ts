import type { JobDefinition } from "@rebound/platform";
import type { TelephonyDeps } from "../telephony-deps";
import { advanceTextingRegistration } from "./advance-texting-registration.use-case";

/** Registrations one run advances. */
const BATCH = 20;
/** How long a run holds its registrations; a run that died frees them when this passes. */
const LEASE_MS = 2 * 60_000;

/**
 * Advances every registration in flight by one step. Safe on several replicas: a run leases its rows
 * (UPDATE ... RETURNING over SELECT ... FOR UPDATE SKIP LOCKED), so no two runs advance the same one,
 * and frees each lease when its step is saved. An error leaves the row for the next run.
 */
export async function advanceTextingRegistrations(deps: TelephonyDeps): Promise<number> {
  if (!deps.registration) return 0;
  const now = deps.clock.now();
  const leased = await deps.textingRegistrations.leaseInFlight(deps.db.client, now, new Date(now.getTime() + LEASE_MS), BATCH);
  for (const id of leased) {
    let lastError: string | undefined;
    try {
      await advanceTextingRegistration(deps, id);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      deps.logger.warn({ err: error, registrationId: id }, "texting registration step failed; will retry");
    } finally {
      await deps.textingRegistrations.releaseLease(deps.db.client, id, lastError);
    }
  }
  return leased.length;
}

export function advanceTextingRegistrationsJob(deps: TelephonyDeps, intervalMs: number): JobDefinition {
  return {
    name: "telephony:advance-texting-registrations",
    intervalMs,
    run: async () => {
      await advanceTextingRegistrations(deps);
    },
  };
}
