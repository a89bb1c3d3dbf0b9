import { fieldErrorsFromZod, isConnectionError, stripUnsafeInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import { EMPTY_VOICE_TWIML, VOICEMAIL_ACTION_TWIML } from "../domain/voice-answer";
import type { TelephonyDeps } from "../telephony-deps";
import { recordVoicemail } from "./record-voicemail.use-case";
import { transcribeVoicemail } from "./transcribe-voicemail.use-case";
import { recordingStatusSchema, transcriptionSchema } from "./voicemail-webhooks.schema";

/** POST /webhooks/twilio/voicemail: the <Record> action, when the caller stopped speaking. The call ends. */
export function endVoicemailRoute(): RequestHandler {
  return (_req, res) => {
    res.type("text/xml").send(VOICEMAIL_ACTION_TWIML);
  };
}

/**
 * POST /webhooks/twilio/recording (the gateway verified the signature): a completed recording becomes a
 * voicemail. Every callback is answered 200 (Twilio retries nothing we could use); what was skipped is logged.
 */
export function recordVoicemailRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const callback = recordingStatusSchema.safeParse(stripUnsafeInput(req.body ?? {}));
    if (!callback.success) {
      deps.logger.warn({ fields: fieldErrorsFromZod(callback.error) }, "signed recording callback without the fields of a recording; nothing recorded");
    } else {
      const outcome = await recordVoicemail(deps, callback.data).catch(async (error: unknown) => {
        if (!isConnectionError(error)) throw error;
        await deps.callSpool.add({ kind: "recording", callback: callback.data, receivedAt: deps.clock.now().toISOString() });
        return "spooled" as const;
      });
      const fields = { outcome, callSid: callback.data.CallSid, recordingSid: callback.data.RecordingSid };
      if (outcome === "unknown_call" || outcome === "foreign_account") deps.logger.warn(fields, "recording callback ignored");
      else if (outcome === "spooled") deps.logger.warn(fields, "database unreachable: recording callback kept in the spool, recorded when it is back");
      else deps.logger.info(fields, outcome === "recorded" ? "voicemail recorded" : "recording callback: no voicemail");
    }
    res.type("text/xml").send(EMPTY_VOICE_TWIML);
  };
}

/** POST /webhooks/twilio/transcription (signed): a completed transcript of a voicemail. Answered 200 like the others. */
export function transcribeVoicemailRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const callback = transcriptionSchema.safeParse(stripUnsafeInput(req.body ?? {}));
    if (!callback.success) {
      deps.logger.warn({ fields: fieldErrorsFromZod(callback.error) }, "signed transcription callback without the fields of a transcription; nothing recorded");
    } else {
      const outcome = await transcribeVoicemail(deps, callback.data).catch(async (error: unknown) => {
        if (!isConnectionError(error)) throw error;
        await deps.callSpool.add({ kind: "transcription", callback: callback.data, receivedAt: deps.clock.now().toISOString() });
        return "spooled" as const;
      });
      const fields = { outcome, recordingSid: callback.data.RecordingSid };
      if (outcome === "unknown_recording" || outcome === "foreign_account") deps.logger.warn(fields, "transcription callback ignored");
      else if (outcome === "spooled") deps.logger.warn(fields, "database unreachable: transcription callback kept in the spool, recorded when it is back");
      else deps.logger.info(fields, outcome === "transcribed" ? "voicemail transcribed" : "transcription callback: no transcript");
    }
    res.type("text/xml").send(EMPTY_VOICE_TWIML);
  };
}
