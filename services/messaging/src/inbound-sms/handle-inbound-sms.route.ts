// POST /webhooks/twilio/sms (the gateway checked X-Twilio-Signature before this).
// Replies go back as TwiML in this answer: one round trip, no extra send, and STOP's
// confirmation is the only thing an opting-out caller receives.
import type { RequestHandler } from "express";
import { parseInput, stripUnsafeInput } from "@rebound/platform";
import { EMPTY_TWIML, messageTwiml } from "../domain/twiml";
import type { MessagingDeps } from "../messaging-deps";
import { handleInboundSms } from "./handle-inbound-sms.use-case";
import { inboundSmsSchema } from "./handle-inbound-sms.schema";

export function handleInboundSmsRoute(deps: MessagingDeps): RequestHandler {
  return async (req, res) => {
    const input = parseInput(inboundSmsSchema, stripUnsafeInput(req.body ?? {}));
    const reply = await handleInboundSms(deps, { messageSid: input.MessageSid, from: input.From, to: input.To, body: input.Body });
    res.type("text/xml").send(reply === undefined ? EMPTY_TWIML : messageTwiml(reply));
  };
}
