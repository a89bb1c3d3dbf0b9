import { fieldErrorsFromZod, stripUnsafeInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import { EMPTY_VOICE_TWIML } from "../domain/voice-answer";
import type { TelephonyDeps } from "../telephony-deps";
import { testCallStatusSchema } from "./record-test-call-status.schema";
import { recordTestCallStatus } from "./record-test-call-status.use-case";

/**
 * POST /webhooks/twilio/call-status (the gateway verified the signature). Ours carry ?testId=;
 * those of calls to dedicated numbers carry nothing we keep. A callback without CallSid or
 * CallStatus records nothing and is answered like the others.
 */
export function recordTestCallStatusRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const testId = typeof req.query.testId === "string" ? req.query.testId : undefined;
    if (testId) {
      const status = testCallStatusSchema.safeParse(stripUnsafeInput(req.body ?? {}));
      if (status.success) await recordTestCallStatus(deps, testId, status.data);
      else
        deps.logger.warn({ testId, fields: fieldErrorsFromZod(status.error) }, "signed call-status callback without CallSid or CallStatus; nothing recorded");
    }
    res.type("text/xml").send(EMPTY_VOICE_TWIML);
  };
}
