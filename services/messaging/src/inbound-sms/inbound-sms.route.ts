// POST /webhooks/twilio/sms (the gateway checked X-Twilio-Signature before this).
// Replies go back as TwiML in this answer: one round trip, no extra send, and STOP's
// confirmation is the only thing an opting-out caller receives.
import express, { Router } from "express";
import { z } from "zod";
import { parseInput } from "@rebound/platform";
import { EMPTY_TWIML, messageTwiml } from "../domain/twiml";
import type { HandleInboundSms } from "./handle-inbound-sms.use-case";

const inboundSmsSchema = z.object({
  MessageSid: z.string({ error: "MessageSid is required" }).trim().min(1, "MessageSid is required"),
  From: z.string({ error: "From is required" }).trim().min(1, "From is required"),
  To: z.string({ error: "To is required" }).trim().min(1, "To is required"),
  Body: z.string().optional().default(""),
});

export function inboundSmsRouter(useCase: HandleInboundSms): Router {
  const router = Router();
  router.post("/webhooks/twilio/sms", express.urlencoded({ extended: false, limit: "64kb" }), async (req, res) => {
    const input = parseInput(inboundSmsSchema, req.body ?? {});
    const reply = await useCase.execute({ messageSid: input.MessageSid, from: input.From, to: input.To, body: input.Body });
    res.type("text/xml").send(reply === undefined ? EMPTY_TWIML : messageTwiml(reply));
  });
  return router;
}
