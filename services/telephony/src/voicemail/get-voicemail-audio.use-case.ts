import { AppError, notFound } from "@rebound/platform";
import type { RecordingAudio } from "@rebound/providers/telephony";
import { z } from "zod";
import type { TelephonyDeps } from "../telephony-deps";

const NOT_FOUND = "Voicemail not found";

/**
 * GET /api/voicemails/{id}/audio: the audio of one of the signed-in owner's voicemails, fetched from the
 * provider with the account that holds it. Another business's voicemail, a deleted one (retention) and one the
 * provider no longer has all answer 404, never 403: ids of other tenants are not acknowledged.
 */
export async function getVoicemailAudio(deps: TelephonyDeps, userId: string, voicemailId: string): Promise<RecordingAudio> {
  if (!z.uuid().safeParse(voicemailId).success) throw notFound(NOT_FOUND);
  const businessId = await deps.sync.resolveBusinessIdOfUser(userId);
  if (!businessId) throw notFound(NOT_FOUND);
  const voicemail = await deps.voicemails.findById(voicemailId);
  if (!voicemail || voicemail.businessId !== businessId || voicemail.deletedAt) throw notFound(NOT_FOUND);
  if (!deps.provider.fetchRecording) throw new AppError("UNAVAILABLE", "Voicemail audio is not available with this provider");
  let audio: RecordingAudio | undefined;
  try {
    audio = await deps.provider.fetchRecording({ accountSid: voicemail.accountSid, recordingSid: voicemail.recordingSid });
  } catch (error) {
    deps.logger.warn({ err: error, voicemailId }, "voicemail audio fetch failed");
    throw new AppError("UPSTREAM_FAILED", "The voicemail could not be loaded. Please try again.", { cause: error });
  }
  if (!audio) throw notFound(NOT_FOUND);
  return audio;
}
