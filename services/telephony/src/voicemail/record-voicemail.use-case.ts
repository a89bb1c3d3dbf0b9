import { timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import type { TelephonyDeps } from "../telephony-deps";
import type { RecordingStatusCallback } from "./voicemail-webhooks.schema";

/** What a recording status callback did; everything but "recorded" writes nothing. */
export type RecordingOutcome =
  /** Stored, VoicemailRecorded appended. */
  | "recorded"
  /** The recording was stored before (a repeated callback). */
  | "repeated"
  /** Not RecordingStatus=completed (absent, failed). */
  | "not_completed"
  /** 0 s (the caller hung up at the beep): not a voicemail. */
  | "empty"
  /** A CallSid telephony never recorded. */
  | "unknown_call"
  /** A call that is not a caller's missed call (a forwarding test never records). */
  | "not_a_missed_call"
  /** Signed by another business's subaccount. */
  | "foreign_account";

/**
 * POST /webhooks/twilio/recording: a completed recording of a missed call becomes a voicemail (its call,
 * business, caller, dedicated number, recording and account), stored once per RecordingSid with
 * VoicemailRecorded in the same transaction. The account that signed must be the main account or the
 * business's own subaccount, so no business's subaccount can attach a recording to another's call.
 */
export async function recordVoicemail(deps: TelephonyDeps, callback: RecordingStatusCallback): Promise<RecordingOutcome> {
  if (callback.RecordingStatus !== "completed") return "not_completed";
  const seconds = callback.RecordingDuration ?? 0;
  if (seconds <= 0) return "empty";
  const call = await deps.calls.findBySid(callback.CallSid);
  if (!call) return "unknown_call";
  if (call.purpose !== "missed_call") return "not_a_missed_call";
  const account = await deps.textingAccounts.findByAccountSid(callback.AccountSid);
  if (account && account.businessId !== call.businessId) return "foreign_account";
  const recordedAt = deps.clock.now();
  const voicemail = {
    id: randomUUID(),
    businessId: call.businessId,
    callId: call.id,
    callSid: call.callSid,
    callerNumber: call.callerNumber,
    dedicatedNumber: call.toNumber,
    recordingSid: callback.RecordingSid,
    accountSid: callback.AccountSid,
    durationSeconds: seconds,
    recordedAt,
  };
  const recorded = await deps.db.transaction(async (tx) => {
    if (!(await deps.voicemails.insertNew(tx, voicemail))) return false;
    tx.append("VoicemailRecorded", voicemail.businessId, {
      businessId: voicemail.businessId,
      voicemailId: voicemail.id,
      callId: voicemail.callId,
      callSid: voicemail.callSid,
      callerNumber: voicemail.callerNumber,
      dedicatedNumber: voicemail.dedicatedNumber,
      recordingSid: voicemail.recordingSid,
      accountSid: voicemail.accountSid,
      durationSeconds: voicemail.durationSeconds,
      recordedAt: timestampFromDate(recordedAt),
    });
    return true;
  });
  return recorded ? "recorded" : "repeated";
}
