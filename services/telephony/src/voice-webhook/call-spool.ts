// Calls the voice webhook could not record because the database was unreachable (or too slow to
// answer within the caller's wait): kept on disk (the kit's DurableSpool) and recorded when the
// database is back, with the time they really came in. The caller heard the business's answer
// anyway; messaging then decides from that time whether a text is still useful.
import { callPurpose } from "../domain/voice-answer";
import type { TelephonyDeps } from "../telephony-deps";
import { withinBudget } from "./database-budget";
import type { VoiceWebhook } from "./receive-call.use-case";

export interface SpooledCall {
  webhook: VoiceWebhook;
  /** ISO time the webhook arrived. */
  receivedAt: string;
}

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
  const recording = deps.recorder.record({
    callSid: webhook.CallSid,
    from: webhook.From,
    to: webhook.To,
    callStatus: webhook.CallStatus,
    direction: webhook.Direction,
    forwardedFrom: webhook.ForwardedFrom,
    stirVerstat: webhook.StirVerstat,
    businessId: number.businessId,
    purpose: callPurpose(webhook.From, deps.testCallerNumber),
    receivedAt: new Date(spooled.receivedAt),
  });
  // A database that hangs keeps the call in the spool for the next drain (a timeout is a connection-class error).
  const outcome = await withinBudget(recording, deps.config.TELEPHONY_WEBHOOK_DB_BUDGET_MS);
  for (const testId of outcome.completedTests) deps.waiters.notify(testId);
  deps.logger.info({ callSid: webhook.CallSid, receivedAt: spooled.receivedAt, recorded: outcome.recorded }, "spooled call recorded");
}

/** The job: drains the spool while the database answers. */
export async function drainCallSpool(deps: TelephonyDeps): Promise<void> {
  const result = await deps.callSpool.drain((spooled) => recordSpooledCall(deps, spooled));
  if (result.drained > 0 || result.failed > 0) deps.logger.info(result, "call spool drained");
}
