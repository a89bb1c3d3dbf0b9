import { parseInput } from "@rebound/platform";
import express, { Router } from "express";
import type { TelephonyContext } from "../telephony-context";
import type { CallRecorder } from "./call-recorder";
import { receiveCall, voiceWebhookSchema } from "./receive-call.use-case";

/** POST /webhooks/twilio/voice: the gateway verified X-Twilio-Signature before this runs. */
export function voiceWebhookRouter(context: TelephonyContext, recorder: CallRecorder): Router {
  const router = Router();
  router.post("/webhooks/twilio/voice", express.urlencoded({ extended: false }), async (req, res) => {
    const webhook = parseInput(voiceWebhookSchema, req.body ?? {});
    res.type("text/xml").send(await receiveCall(context, recorder, webhook));
  });
  return router;
}
