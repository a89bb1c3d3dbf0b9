import { timestampFromDate } from "@rebound/contracts";
import { type JobDefinition } from "@rebound/platform";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import type { ReleaseRecord } from "../store/release.repository";
import type { TelephonyDeps } from "../telephony-deps";

const BATCH = 20;
/** A claim older than this belongs to a run that died; another run takes the row again. */
const STALE_CLAIM_MS = 10 * 60_000;

/**
 * Gives numbers back to the provider once their release date passed. Safe on
 * several replicas: each row is claimed by exactly one run (UPDATE ... RETURNING
 * with SKIP LOCKED), released at the provider outside any transaction, then
 * marked released, its number row removed and PhoneNumberReleased appended
 * together. A provider failure gives the row back for the next run.
 */
export async function releaseDueNumbers(deps: TelephonyDeps): Promise<number> {
  const now = deps.clock.now();
  const claimed = await deps.releases.claimDue(deps.db.client, now, new Date(now.getTime() - STALE_CLAIM_MS), BATCH);
  let released = 0;
  for (const release of claimed) {
    if (await releaseOne(deps, release)) released++;
  }
  return released;
}

async function releaseOne(deps: TelephonyDeps, release: ReleaseRecord): Promise<boolean> {
  try {
    // A number lives in the business's subaccount, or in the main account when bought before subaccounts (account_sid null).
    const accountSid = (await deps.phoneNumbers.findBySid(release.providerSid))?.accountSid;
    await deps.provider.releaseNumber(release.providerSid, ...(accountSid ? [{ accountSid }] : []));
  } catch (error) {
    // 20404: the provider no longer has it (released before a crash, or by hand): it is gone either way.
    if (!(error instanceof TelephonyProviderError && error.code === "20404")) {
      deps.logger.warn({ err: error, releaseId: release.id }, "number release failed; will retry");
      await deps.releases.unclaim(deps.db.client, release.id, error instanceof Error ? error.message : String(error));
      return false;
    }
  }
  const releasedAt = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await deps.releases.markReleased(tx, release.id, releasedAt);
    await deps.phoneNumbers.deleteBySid(tx, release.providerSid);
    tx.append("PhoneNumberReleased", release.businessId, {
      businessId: release.businessId,
      userId: release.userId,
      phoneNumber: release.phoneNumber,
      providerSid: release.providerSid,
      reason: release.reason,
      releasedAt: timestampFromDate(releasedAt),
    });
  });
  deps.sync.directory.removeNumber(release.phoneNumber);
  deps.logger.info({ businessId: release.businessId, phoneNumber: release.phoneNumber }, "dedicated number released");
  return true;
}

export function releaseJob(deps: TelephonyDeps): JobDefinition {
  return {
    name: "telephony:release-due-numbers",
    intervalMs: deps.config.RELEASE_JOB_INTERVAL_MS,
    run: async () => {
      await releaseDueNumbers(deps);
    },
  };
}
