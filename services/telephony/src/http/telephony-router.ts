// Telephony's one Router: the public API and Twilio's voice webhooks, under their full paths.
import { formBody, jsonBody, requireGateway, requireUser } from "@rebound/platform";
import { Router } from "express";
import { getForwardingStatusRoute } from "../forwarding-watchdog/get-forwarding-status.route";
import { updateSelfTestRoute } from "../forwarding-watchdog/update-self-test.route";
import { recordTestCallStatusRoute } from "../forwarding-test/record-test-call-status.route";
import { runForwardingTestRoute } from "../forwarding-test/run-forwarding-test.route";
import { purchaseNumberRoute } from "../phone-numbers/purchase-number.route";
import { searchNumbersRoute } from "../phone-numbers/search-numbers.route";
import type { TelephonyDeps } from "../telephony-deps";
import { findWebhookKeyRoute } from "../texting-registration/find-webhook-key.route";
import { getTextingRegistrationRoute } from "../texting-registration/get-texting-registration.route";
import { resendVerificationRoute } from "../texting-registration/resend-verification.route";
import { submitTextingRegistrationRoute } from "../texting-registration/submit-texting-registration.route";
import { receiveCallRoute } from "../voice-webhook/receive-call.route";
import { getVoicemailAudioRoute } from "../voicemail/get-voicemail-audio.route";
import { endVoicemailRoute, recordVoicemailRoute, transcribeVoicemailRoute } from "../voicemail/voicemail-webhooks.route";

export function telephonyRouter(deps: TelephonyDeps, internalAuthSecret: string): Router {
  const router = Router();
  const auth = requireUser(internalAuthSecret);
  const form = formBody();
  router.post("/webhooks/twilio/voice", form, receiveCallRoute(deps));
  router.get("/api/phone-numbers/search/:areaCode", auth, searchNumbersRoute(deps));
  router.post("/api/phone-numbers/purchase", auth, jsonBody(), purchaseNumberRoute(deps));
  router.post("/api/test/call-forwarding", auth, jsonBody(), runForwardingTestRoute(deps));
  router.post("/webhooks/twilio/call-status", form, recordTestCallStatusRoute(deps));
  // The forwarding watchdog (docs/forwarding-watchdog.md): the status card and the weekly self-test.
  router.get("/api/forwarding/status", auth, getForwardingStatusRoute(deps));
  router.put("/api/forwarding/self-test", auth, jsonBody(), updateSelfTestRoute(deps));
  // Voicemail (docs/conversations.md section 3): the <Record> action, its recording and transcription callbacks, the audio.
  router.post("/webhooks/twilio/voicemail", form, endVoicemailRoute());
  router.post("/webhooks/twilio/recording", form, recordVoicemailRoute(deps));
  router.post("/webhooks/twilio/transcription", form, transcribeVoicemailRoute(deps));
  router.get("/api/voicemails/:id/audio", auth, getVoicemailAudioRoute(deps));
  router.get("/api/texting-registration", auth, getTextingRegistrationRoute(deps));
  router.post("/api/texting-registration", auth, jsonBody(), submitTextingRegistrationRoute(deps));
  router.post("/api/texting-registration/verify", auth, jsonBody(), resendVerificationRoute(deps));
  // The gateway's Twilio signature check: the auth token of a subaccount's webhooks. GET as specified; POST too,
  // because the kit's internal transport (postInternal, in process and over HTTP) only POSTs.
  const webhookKey = [requireGateway(internalAuthSecret), findWebhookKeyRoute(deps)];
  router.get("/internal/telephony/webhook-keys/:accountSid", ...webhookKey);
  router.post("/internal/telephony/webhook-keys/:accountSid", ...webhookKey);
  return router;
}
