import { timestampFromDate } from "@rebound/contracts";
import { TelephonyProviderError, type JobDefinition } from "@rebound/platform";
import { phoneNumberRepository } from "../store/phone-number.repository";
import { releaseRepository, type ReleaseRecord } from "../store/release.repository";
import type { TelephonyContext } from "../telephony-context";

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
export async function releaseDueNumbers(context: TelephonyContext): Promise<number> {
  const now = context.clock.now();
  const claimed = await releaseRepository.claimDue(context.db.client, now, new Date(now.getTime() - STALE_CLAIM_MS), BATCH);
  let released = 0;
  for (const release of claimed) {
    if (await releaseOne(context, release)) released++;
  }
  return released;
}

async function releaseOne(context: TelephonyContext, release: ReleaseRecord): Promise<boolean> {
  try {
    await context.provider.releaseNumber(release.providerSid);
  } catch (error) {
    // 20404: the provider no longer has it (released before a crash, or by hand): it is gone either way.
    if (!(error instanceof TelephonyProviderError && error.code === "20404")) {
      context.logger.warn({ err: error, releaseId: release.id }, "number release failed; will retry");
      await releaseRepository.unclaim(context.db.client, release.id, error instanceof Error ? error.message : String(error));
      return false;
    }
  }
  const releasedAt = context.clock.now();
  await context.db.transaction(async (tx) => {
    await releaseRepository.markReleased(tx, release.id, releasedAt);
    await phoneNumberRepository.deleteBySid(tx, release.providerSid);
    tx.append("PhoneNumberReleased", release.businessId, {
      businessId: release.businessId,
      userId: release.userId,
      phoneNumber: release.phoneNumber,
      providerSid: release.providerSid,
      reason: release.reason,
      releasedAt: timestampFromDate(releasedAt),
    });
  });
  context.sync.directory.removeNumber(release.phoneNumber);
  context.logger.info({ businessId: release.businessId, phoneNumber: release.phoneNumber }, "dedicated number released");
  return true;
}

export function releaseJob(context: TelephonyContext): JobDefinition {
  return {
    name: "telephony:release-due-numbers",
    intervalMs: context.config.RELEASE_JOB_INTERVAL_MS,
    run: async () => {
      await releaseDueNumbers(context);
    },
  };
}
