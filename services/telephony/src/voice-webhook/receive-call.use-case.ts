import { z } from "zod";
import { callPurpose, chooseVoiceAnswer, voiceTwiml } from "../domain/voice-answer";
import type { TelephonyContext } from "../telephony-context";
import type { CallRecorder } from "./call-recorder";

/** The fields of Twilio's voice webhook we use (the body is form-encoded; the gateway checked the signature). */
export const voiceWebhookSchema = z.object({
  CallSid: z.string({ error: "CallSid is required" }).min(1, "CallSid is required"),
  To: z.string({ error: "To is required" }).min(1, "To is required"),
  From: z.string().default(""),
  CallStatus: z.string().default("ringing"),
  Direction: z.string().default("inbound"),
  ForwardedFrom: z.string().optional(),
});

export type VoiceWebhook = z.infer<typeof voiceWebhookSchema>;

export const NOT_IN_SERVICE = "The number you have called is not in service. Goodbye.";

/**
 * The hot path: number -> business from memory, one (group-committed)
 * transaction for the call and its events, then the TwiML. A repeated CallSid
 * records nothing and gets the same TwiML.
 */
export async function receiveCall(context: TelephonyContext, recorder: CallRecorder, webhook: VoiceWebhook): Promise<string> {
  const number = await context.sync.resolveNumber(webhook.To);
  if (!number) {
    context.logger.warn({ callSid: webhook.CallSid, to: webhook.To }, "voice webhook for a number that is not a dedicated number");
    return voiceTwiml({ kind: "say", message: NOT_IN_SERVICE });
  }
  const purpose = callPurpose(webhook.From, context.config.TWILIO_TEST_CALLER_NUMBER);
  const outcome = await recorder.record({
    callSid: webhook.CallSid,
    from: webhook.From,
    to: webhook.To,
    callStatus: webhook.CallStatus,
    direction: webhook.Direction,
    forwardedFrom: webhook.ForwardedFrom,
    businessId: number.businessId,
    purpose,
  });
  for (const testId of outcome.completedTests) context.waiters.notify(testId);
  if (!outcome.recorded) context.logger.info({ callSid: webhook.CallSid }, "voice webhook repeated; already recorded");
  const business = context.sync.directory.business(number.businessId);
  return voiceTwiml(chooseVoiceAnswer({ purpose, answerCalls: business?.answerCalls ?? true, message: context.config.VOICE_ANSWER_MESSAGE }));
}
