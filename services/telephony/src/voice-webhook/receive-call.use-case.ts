import { isConnectionError } from "@rebound/platform";
import type { z } from "zod";
import type { voiceWebhookSchema } from "./receive-call.schema";
import { callPurpose, chooseVoiceAnswer, foreseeText, voiceTwiml, type VoicemailRecording } from "../domain/voice-answer";
import { voicemailWebhooks } from "../domain/webhook-urls";
import type { TelephonyDeps } from "../telephony-deps";
import type { NumberEntry } from "../read-model/number-directory";
import { withinBudget } from "./database-budget";
import type { IncomingCall, RecordOutcome } from "./incoming-call";

export type VoiceWebhook = z.infer<typeof voiceWebhookSchema>;

export const NOT_IN_SERVICE = "The number you have called is not in service. Goodbye.";

/**
 * The answer to a signed voice webhook that lacks the fields of a call (CallSid, To): nothing is
 * recorded, so no text can follow, and the caller hears the service's no-text answer, as TwiML.
 */
export function unusableWebhookAnswer(deps: Pick<TelephonyDeps, "config">): string {
  return voiceTwiml({ kind: "say", message: deps.config.VOICE_NO_TEXT_MESSAGE });
}

/**
 * The hot path: number -> business from memory, one (group-committed)
 * transaction for the call and its events, then the TwiML. A repeated CallSid
 * records nothing and gets the same TwiML.
 *
 * Twilio never retries a voice webhook, so a call must not depend on the database answering now:
 * when it is unreachable (or slower than TELEPHONY_WEBHOOK_DB_BUDGET_MS), the call goes to the spool
 * on disk, recorded when the database is back (call-spool.ts), and the caller still hears the
 * business's answer, built from memory.
 */
export async function receiveCall(deps: TelephonyDeps, webhook: VoiceWebhook): Promise<string> {
  const receivedAt = deps.clock.now();
  let number: NumberEntry | undefined;
  try {
    number = await deps.sync.resolveNumber(webhook.To);
  } catch (error) {
    if (!isConnectionError(error)) throw error;
    // A number this replica has not seen yet, while the database is away: keep the call, promise nothing.
    await spool(deps, webhook, receivedAt, error);
    return voiceTwiml({ kind: "say", message: deps.config.VOICE_NO_TEXT_MESSAGE });
  }
  if (!number) {
    deps.logger.warn({ callSid: webhook.CallSid, to: webhook.To }, "voice webhook for a number that is not a dedicated number");
    return voiceTwiml({ kind: "say", message: NOT_IN_SERVICE });
  }
  const purpose = callPurpose(webhook.From, deps.testCallerNumber);
  const recording = deps.recorder.record(incomingCallOf(webhook, number.businessId, purpose, receivedAt));
  const outcome = await withinBudget(recording, deps.config.TELEPHONY_WEBHOOK_DB_BUDGET_MS).catch(async (error: unknown): Promise<RecordOutcome> => {
    if (!isConnectionError(error)) throw error;
    await spool(deps, webhook, receivedAt, error);
    return { recorded: false, completedTests: [] };
  });
  for (const testId of outcome.completedTests) deps.waiters.notify(testId);
  const business = deps.sync.directory.business(number.businessId);
  const outlook = foreseeText(business, {
    from: webhook.From,
    stirVerstat: webhook.StirVerstat,
    dedicatedNumber: webhook.To,
    subscription: deps.sync.directory.entitlementOf(number.userId),
    usTextingAllowed: deps.textingRegistrationRequired ? deps.sync.directory.usTextingAllowed(number.businessId) : undefined,
  });
  const defaults = { textMessage: deps.config.VOICE_ANSWER_MESSAGE, noTextMessage: deps.config.VOICE_NO_TEXT_MESSAGE };
  return voiceTwiml(chooseVoiceAnswer({ purpose, business, outlook, defaults, voicemail: voicemailRecording(deps) }));
}

/** How this service records voicemails: VOICEMAIL_MAX_SECONDS and the gateway's voicemail webhooks. */
function voicemailRecording(deps: Pick<TelephonyDeps, "config" | "publicBaseUrl">): VoicemailRecording {
  return { maxSeconds: deps.config.VOICEMAIL_MAX_SECONDS, ...voicemailWebhooks(deps.publicBaseUrl()) };
}

async function spool(deps: TelephonyDeps, webhook: VoiceWebhook, receivedAt: Date, cause: unknown): Promise<void> {
  await deps.callSpool.add({ webhook, receivedAt: receivedAt.toISOString() });
  deps.logger.warn({ err: cause, callSid: webhook.CallSid }, "database unreachable: call kept in the spool, recorded when it is back");
}

/** What the recorder writes of a voice webhook resolved to its business. */
export function incomingCallOf(webhook: VoiceWebhook, businessId: string, purpose: IncomingCall["purpose"], receivedAt: Date): IncomingCall {
  return {
    callSid: webhook.CallSid,
    from: webhook.From,
    to: webhook.To,
    callStatus: webhook.CallStatus,
    direction: webhook.Direction,
    forwardedFrom: webhook.ForwardedFrom,
    stirVerstat: webhook.StirVerstat,
    businessId,
    purpose,
    receivedAt,
  };
}
