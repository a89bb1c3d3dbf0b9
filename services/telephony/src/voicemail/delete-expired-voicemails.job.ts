import { timestampFromDate } from "@rebound/contracts";
import type { JobDefinition } from "@rebound/platform";
import type { VoicemailRecord } from "../store/voicemail.repository";
import type { TelephonyDeps } from "../telephony-deps";

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Retention (docs/conversations.md section 3): deletes at the provider the audio of voicemails recorded more
 * than VOICEMAIL_RETENTION_DAYS ago, then marks each deleted with VoicemailDeleted in one transaction. The
 * row and its transcript stay. Idempotent and safe on several replicas: a recording the provider no longer
 * has counts as deleted, and only the run that marks the row appends the event. A provider failure leaves
 * the voicemail for the next run. Returns how many were deleted.
 */
export async function deleteExpiredVoicemails(deps: TelephonyDeps): Promise<number> {
  if (!deps.provider.deleteRecording) return 0;
  const before = new Date(deps.clock.now().getTime() - deps.config.VOICEMAIL_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (const voicemail of await deps.voicemails.findExpired(before, BATCH)) {
    if (await deleteOne(deps, voicemail)) deleted++;
  }
  return deleted;
}

async function deleteOne(deps: TelephonyDeps, voicemail: VoicemailRecord): Promise<boolean> {
  try {
    await deps.provider.deleteRecording?.({ accountSid: voicemail.accountSid, recordingSid: voicemail.recordingSid });
  } catch (error) {
    deps.logger.warn({ err: error, voicemailId: voicemail.id }, "voicemail recording delete failed; will retry");
    return false;
  }
  const deletedAt = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await deps.voicemails.markDeletedOnce(tx, voicemail.id, deletedAt))) return false;
    tx.append("VoicemailDeleted", voicemail.businessId, {
      businessId: voicemail.businessId,
      voicemailId: voicemail.id,
      callerNumber: voicemail.callerNumber,
      deletedAt: timestampFromDate(deletedAt),
    });
    return true;
  });
}

export function deleteExpiredVoicemailsJob(deps: TelephonyDeps): JobDefinition {
  return {
    name: "telephony:delete-expired-voicemails",
    intervalMs: deps.config.VOICEMAIL_RETENTION_JOB_INTERVAL_MS,
    run: async () => {
      const deleted = await deleteExpiredVoicemails(deps);
      if (deleted > 0) deps.logger.info({ deleted }, "expired voicemail recordings deleted");
    },
  };
}
