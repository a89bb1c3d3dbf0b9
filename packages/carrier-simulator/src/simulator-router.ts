import { Router } from "express";
import { z } from "zod";
import { E164_PATTERN } from "@rebound/contracts/domain";
import { AppError, jsonBody, parseInput } from "@rebound/platform";
import type { TelephonyProvider } from "@rebound/providers/telephony";
import { CarrierSimulator } from "./carrier-simulator";

const phone = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .regex(E164_PATTERN, `${field} must be an E.164 phone number, e.g. +15551230001`);

const voicemailSchema = z.object(
  {
    seconds: z
      .number({ error: "voicemail.seconds must be a whole number of seconds from 0 to 3600" })
      .int("voicemail.seconds must be a whole number of seconds from 0 to 3600")
      .min(0, "voicemail.seconds must be a whole number of seconds from 0 to 3600")
      .max(3_600, "voicemail.seconds must be a whole number of seconds from 0 to 3600"),
    transcript: z.string({ error: "voicemail.transcript must be text" }).max(5_000, "voicemail.transcript must be at most 5000 characters").optional(),
  },
  { error: "voicemail must be {seconds, transcript?}" },
);
// webhookDown: our webhook target is unreachable for this call or text (connection refused): the carrier keeps it,
// calls the number's fallback URL once if it has one, and never retries (Twilio's semantics).
const webhookDown = z.boolean({ error: "webhookDown must be true or false" }).optional();
const callSchema = z.object({ from: phone("from"), to: phone("to"), voicemail: voicemailSchema.optional(), webhookDown });
const smsSchema = z.object({ from: phone("from"), to: phone("to"), body: z.string({ error: "body is required" }).min(1, "body is required"), webhookDown });
const forwardingSchema = z
  .object({ phoneNumber: phone("phoneNumber"), forwardTo: phone("forwardTo").optional(), enabled: z.boolean().optional() })
  .refine((input) => input.forwardTo !== undefined || input.enabled !== undefined, "Give forwardTo, or enabled true/false");
const messagesQuery = z.object({ to: z.string().trim().optional() });

async function reach<T>(work: () => Promise<T>, what: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new AppError("UPSTREAM_FAILED", `The simulator could not deliver the ${what} webhook: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The dev surface of the carrier simulator (`/dev/simulator/*`): place a missed
 * call, send an inbound SMS, read the phone inbox, set call forwarding on a
 * business phone, see and advance US texting registration (`/dev/simulator/a2p`).
 * Undefined (never mounted) unless the simulator is the provider and NODE_ENV is
 * not production.
 */
export function createSimulatorRouter(provider: TelephonyProvider, options: { nodeEnv: string }): Router | undefined {
  if (!(provider instanceof CarrierSimulator) || options.nodeEnv === "production") return undefined;
  const carrier = provider;
  const router = Router();
  router.use("/dev/simulator", ...jsonBody());

  router.post("/dev/simulator/calls", async (req, res) => {
    const call = parseInput(callSchema, req.body);
    const result = await reach(() => carrier.phones.placeCall(call), "voice");
    res.json({
      callSid: result.callSid,
      to: result.to,
      forwardedFrom: result.forwardedFrom ?? null,
      // null: no HTTP answer (refused, timed out, webhookDown); webhookError says why.
      webhookStatus: result.webhook.status || null,
      webhookError: result.webhook.error ?? null,
      usedFallback: result.usedFallback,
      twiml: result.webhook.body,
      // Asked for and our answer recorded: what was left and how our webhooks answered; else null.
      voicemail: result.voicemail
        ? {
            recordingSid: result.voicemail.recordingSid,
            seconds: result.voicemail.seconds,
            actionStatus: result.voicemail.action?.status ?? null,
            recordingStatusCallbackStatus: result.voicemail.recordingStatus?.status ?? null,
            transcriptionCallbackStatus: result.voicemail.transcription?.status ?? null,
          }
        : null,
    });
  });

  // The voicemails simulated callers left (the audio is served to the provider's fetchRecording).
  router.get("/dev/simulator/recordings", (_req, res) => {
    res.json({
      recordings: carrier.listRecordings().map(({ sid, accountSid, callSid, from, to, seconds, transcript, createdAt, deletedAt }) => ({
        sid,
        accountSid,
        callSid,
        from,
        to,
        seconds,
        transcript: transcript ?? null,
        createdAt,
        deletedAt: deletedAt ?? null,
      })),
    });
  });

  router.post("/dev/simulator/sms", async (req, res) => {
    const sms = parseInput(smsSchema, req.body);
    const result = await reach(() => carrier.phones.sendSms(sms), "SMS");
    // A text to +1 915 278 2000 answers a brand's verification text: no business webhook (webhookStatus null).
    res.json({
      messageSid: result.messageSid,
      webhookStatus: result.webhook?.status || null,
      ...(result.webhook?.error ? { webhookError: result.webhook.error } : {}),
      replies: result.replies,
    });
  });

  // US texting registration (A2P 10DLC): what the simulated Twilio holds, statuses as of now.
  router.get("/dev/simulator/a2p", (_req, res) => {
    res.json(carrier.a2pSnapshot());
  });

  // Sends what became due now (the sole proprietor's verification text) instead of waiting for the timer.
  router.post("/dev/simulator/a2p/run-due", (_req, res) => {
    res.json(carrier.runDue());
  });

  router.get("/dev/simulator/messages", (req, res) => {
    const { to } = parseInput(messagesQuery, req.query);
    const messages = carrier.listMessages(to || undefined).map(({ sid, to: recipient, from, body, status, createdAt, errorCode }) => ({
      sid,
      to: recipient,
      from,
      body,
      status,
      createdAt,
      ...(errorCode ? { errorCode } : {}),
    }));
    res.json({ messages });
  });

  router.post("/dev/simulator/forwarding", (req, res) => {
    const input = parseInput(forwardingSchema, req.body);
    let forwardTo: string | null = input.forwardTo ?? null;
    if (input.forwardTo === undefined && input.enabled) {
      // "enabled" alone forwards to the number bought last, the usual single-business dev setup.
      forwardTo = carrier.state.activeNumberList().sort((a, b) => b.purchasedAt - a.purchasedAt)[0]?.phoneNumber ?? null;
      if (!forwardTo) throw new AppError("CONFLICT", "No simulated number has been bought yet: give forwardTo");
    }
    carrier.phones.setForwarding(input.phoneNumber, forwardTo);
    res.json({ phoneNumber: input.phoneNumber, forwardTo });
  });

  router.get("/dev/simulator/forwarding", (_req, res) => {
    res.json({ forwarding: [...carrier.state.forwarding].map(([phoneNumber, forwardTo]) => ({ phoneNumber, forwardTo })) });
  });

  // Every call placed to the simulated numbers, newest first (what the provider's Calls list holds).
  router.get("/dev/simulator/calls", (_req, res) => {
    res.json({ calls: [...carrier.state.calls].reverse() });
  });

  router.get("/dev/simulator/numbers", (_req, res) => {
    res.json({
      numbers: carrier.state.activeNumberList().map(({ sid, phoneNumber, purchasedAt }) => ({ sid, phoneNumber, purchasedAt })),
    });
  });

  return router;
}
