// Messaging's one Router: Twilio's SMS webhooks, under their full public paths.
import express, { Router } from "express";
import { handleInboundSmsRoute } from "../inbound-sms/handle-inbound-sms.route";
import type { MessagingDeps } from "../messaging-deps";
import { recordStatusRoute } from "../status-callback/record-status.route";

export function messagingRouter(deps: MessagingDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "64kb" });
  router.post("/webhooks/twilio/status", form, recordStatusRoute(deps));
  router.post("/webhooks/twilio/sms", form, handleInboundSmsRoute(deps));
  return router;
}
