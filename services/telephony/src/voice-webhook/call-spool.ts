// Calls the voice webhook could not record because the database was unreachable (or too slow to
// answer within the caller's wait): kept on disk (the kit's DurableSpool) and recorded when the
// database is back, with the time they really came in. The caller heard the business's answer
// anyway; messaging then decides from that time whether a text is still useful. A voicemail's
// recording and transcription callbacks that came meanwhile wait in the same spool, after their call
// (the spool drains oldest first), since Twilio retries none of them.
import { callPurpose } from "../domain/voice-answer";
import type { TelephonyDeps } from "../telephony-deps";
import { recordVoicemail } from "../voicemail/record-voicemail.use-case";
import { transcribeVoicemail } from "../voicemail/transcribe-voicemail.use-case";
import type { RecordingStatusCallback, TranscriptionCallback } from "../voicemail/voicemail-webhooks.schema";
import { withinBudget } from "./database-budget";
import { incomingCallOf, type VoiceWebhook } from "./receive-call.use-case";

export interface SpooledCall {
  kind?: "call";
  webhook: VoiceWebhook;
  /** ISO time the webhook arrived. */
  receivedAt: string;
}

export type SpooledWebhook =
  | SpooledCall
  | { kind: "recording"; callback: RecordingStatusCallback; receivedAt: string }
  | { kind: "transcription"; callback: TranscriptionCallback; receivedAt: string };

/**
 * Records one spooled call: resolves its number (the database is back) and writes it through the
 * recorder, idempotent by CallSid (a write that did commit after the webhook gave up is not repeated).
 */
export async function recordSpooledCall(deps: TelephonyDeps, spooled: SpooledCall): Promise<void> {
  const { webhook } = spooled;
  const number = await deps.sync.resolveNumber(webhook.To);
  if (!number) {
    deps.logger.warn({ callSid: webhook.CallSid, to: webhook.To }, "spooled call to a number that is not a dedicated number; dropped");
    return;
  }
  const purpose = callPurpose(webhook.From, deps.testCallerNumber);
  const recording = deps.recorder.record(incomingCallOf(webhook, number.businessId, purpose, new Date(spooled.receivedAt)));
  // A database that hangs keeps the call in the spool for the next drain (a timeout is a connection-class error).
  const outcome = await withinBudget(recording, deps.config.TELEPHONY_WEBHOOK_DB_BUDGET_MS);
  for (const testId of outcome.completedTests) deps.waiters.notify(testId);
  deps.logger.info({ callSid: webhook.CallSid, receivedAt: spooled.receivedAt, recorded: outcome.recorded }, "spooled call recorded");
}

/** The job: drains the spool while the database answers. */
export async function drainCallSpool(deps: TelephonyDeps): Promise<void> {
  const result = await deps.callSpool.drain(async (spooled) => {
    if (spooled.kind === "recording") await recordVoicemail(deps, spooled.callback);
    else if (spooled.kind === "transcription") await transcribeVoicemail(deps, spooled.callback);
    else await recordSpooledCall(deps, spooled);
  });
  if (result.drained > 0 || result.failed > 0) deps.logger.info(result, "webhook spool drained");
}
