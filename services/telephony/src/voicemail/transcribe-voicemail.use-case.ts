import { timestampFromDate } from "@rebound/contracts";
import type { TelephonyDeps } from "../telephony-deps";
import type { TranscriptionCallback } from "./voicemail-webhooks.schema";

/** Longest transcript kept (two minutes of speech is far less). */
export const MAX_TRANSCRIPT_LENGTH = 5_000;

/** What a transcription callback did; everything but "transcribed" writes nothing. */
export type TranscriptionOutcome =
  | "transcribed"
  /** The voicemail has its transcript already (a repeated callback). */
  | "repeated"
  /** TranscriptionStatus failed (or anything but completed): the recording stays without one. */
  | "not_completed"
  /** A completed transcription without words. */
  | "empty"
  /** No voicemail holds this recording (0 s, a recording we skipped, or not ours). */
  | "unknown_recording"
  /** Signed by another account than the one that holds the recording. */
  | "foreign_account";

/**
 * POST /webhooks/twilio/transcription: the provider's transcript of a voicemail, kept once with
 * VoicemailTranscribed in the same transaction. A failed transcription leaves the recording alone.
 */
export async function transcribeVoicemail(deps: TelephonyDeps, callback: TranscriptionCallback): Promise<TranscriptionOutcome> {
  if (callback.TranscriptionStatus !== "completed") return "not_completed";
  const transcript = callback.TranscriptionText.trim().slice(0, MAX_TRANSCRIPT_LENGTH);
  if (!transcript) return "empty";
  const voicemail = await deps.voicemails.findByRecordingSid(callback.RecordingSid);
  if (!voicemail) return "unknown_recording";
  if (voicemail.accountSid !== callback.AccountSid) return "foreign_account";
  const transcribedAt = deps.clock.now();
  const transcribed = await deps.db.transaction(async (tx) => {
    if (!(await deps.voicemails.setTranscriptOnce(tx, voicemail.id, transcript, transcribedAt))) return false;
    tx.append("VoicemailTranscribed", voicemail.businessId, {
      businessId: voicemail.businessId,
      voicemailId: voicemail.id,
      callerNumber: voicemail.callerNumber,
      transcript,
      transcribedAt: timestampFromDate(transcribedAt),
    });
    return true;
  });
  return transcribed ? "transcribed" : "repeated";
}
