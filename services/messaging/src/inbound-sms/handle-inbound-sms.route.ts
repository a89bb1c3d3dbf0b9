// POST /webhooks/twilio/sms (the gateway checked X-Twilio-Signature before this).
// Replies go back as TwiML in this answer: one round trip, no extra send, and STOP's
// confirmation is the only thing an opting-out caller receives. The answer is always TwiML:
// a signed webhook without the fields of a text records nothing and gets an empty Response.
import type { RequestHandler } from "express";
import { fieldErrorsFromZod, isConnectionError, stripUnsafeInput } from "@rebound/platform";
import { EMPTY_TWIML, messageTwiml } from "../domain/twiml";
import type { MessagingDeps } from "../messaging-deps";
import { handleInboundSms } from "./handle-inbound-sms.use-case";
import { inboundSmsSchema } from "./handle-inbound-sms.schema";
import { keepInboundSms } from "../webhook-spool/webhook-spool";

export function handleInboundSmsRoute(deps: MessagingDeps): RequestHandler {
  return async (req, res) => {
    const input = inboundSmsSchema.safeParse(stripUnsafeInput(req.body ?? {}));
    if (!input.success) {
      deps.logger.warn({ fields: fieldErrorsFromZod(input.error) }, "signed sms webhook without the fields of a text; answered, nothing recorded");
      res.type("text/xml").send(EMPTY_TWIML);
      return;
    }
    const { MessageSid, From, To, Body } = input.data;
    const sms = { messageSid: MessageSid, from: From, to: To, body: Body };
    const receivedAt = deps.clock.now();
    try {
      const reply = await handleInboundSms(deps, sms);
      res.type("text/xml").send(reply === undefined ? EMPTY_TWIML : messageTwiml(reply));
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      await keepInboundSms(deps, sms, receivedAt, error);
      res.type("text/xml").send(EMPTY_TWIML);
    }
  };
}
