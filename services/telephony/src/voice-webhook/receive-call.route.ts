import { parseInput, stripUnsafeInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { voiceWebhookSchema } from "./receive-call.schema";
import { receiveCall } from "./receive-call.use-case";

/** POST /webhooks/twilio/voice: the gateway verified X-Twilio-Signature before this runs. Carrier text is stripped of control characters, never rejected. */
export function receiveCallRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const webhook = parseInput(voiceWebhookSchema, stripUnsafeInput(req.body ?? {}));
    res.type("text/xml").send(await receiveCall(deps, webhook));
  };
}
