// Telephony's one Router: the public API and Twilio's voice webhooks, under their full paths.
import { jsonBody, requireUser } from "@rebound/platform";
import express, { Router } from "express";
import { recordTestCallStatusRoute } from "../forwarding-test/record-test-call-status.route";
import { runForwardingTestRoute } from "../forwarding-test/run-forwarding-test.route";
import { purchaseNumberRoute } from "../phone-numbers/purchase-number.route";
import { searchNumbersRoute } from "../phone-numbers/search-numbers.route";
import type { TelephonyDeps } from "../telephony-deps";
import { receiveCallRoute } from "../voice-webhook/receive-call.route";

export function telephonyRouter(deps: TelephonyDeps, internalAuthSecret: string): Router {
  const router = Router();
  const auth = requireUser(internalAuthSecret);
  const form = express.urlencoded({ extended: false });
  router.post("/webhooks/twilio/voice", form, receiveCallRoute(deps));
  router.get("/api/phone-numbers/search/:areaCode", auth, searchNumbersRoute(deps));
  router.post("/api/phone-numbers/purchase", auth, jsonBody(), purchaseNumberRoute(deps));
  router.post("/api/test/call-forwarding", auth, jsonBody(), runForwardingTestRoute(deps));
  router.post("/webhooks/twilio/call-status", form, recordTestCallStatusRoute(deps));
  return router;
}
