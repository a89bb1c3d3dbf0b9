// Messaging's one Router: Twilio's SMS webhooks and the owner's consent log, under their full public paths.
import { requireUser } from "@rebound/platform";
import express, { Router } from "express";
import { exportConsentLogRoute } from "../export-consent-log/export-consent-log.route";
import { handleInboundSmsRoute } from "../inbound-sms/handle-inbound-sms.route";
import type { MessagingDeps } from "../messaging-deps";
import { recordStatusRoute } from "../status-callback/record-status.route";

export function messagingRouter(deps: MessagingDeps, internalAuthSecret: string): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "64kb" });
  router.post("/webhooks/twilio/status", form, recordStatusRoute(deps));
  router.post("/webhooks/twilio/sms", form, handleInboundSmsRoute(deps));
  router.get("/api/messaging/consent-log.csv", requireUser(internalAuthSecret), exportConsentLogRoute(deps));
  return router;
}
