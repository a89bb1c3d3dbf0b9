import { fieldErrorsFromZod, stripUnsafeInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { voiceWebhookSchema } from "./receive-call.schema";
import { receiveCall, unusableWebhookAnswer } from "./receive-call.use-case";

/**
 * POST /webhooks/twilio/voice: the gateway verified X-Twilio-Signature before this runs. Carrier text
 * is stripped of control characters, never rejected, and the answer is always TwiML: a signed webhook
 * without the fields of a call (no CallSid or To) records nothing and gets the no-text answer.
 */
export function receiveCallRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const webhook = voiceWebhookSchema.safeParse(stripUnsafeInput(req.body ?? {}));
    if (!webhook.success) {
      deps.logger.warn({ fields: fieldErrorsFromZod(webhook.error) }, "signed voice webhook without the fields of a call; answered, nothing recorded");
      res.type("text/xml").send(unusableWebhookAnswer(deps));
      return;
    }
    res.type("text/xml").send(await receiveCall(deps, webhook.data));
  };
}
