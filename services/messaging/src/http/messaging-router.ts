// Messaging's one Router: Twilio's SMS webhooks, the owner's consent log and inbox, under their full public paths.
import { formBody, jsonBody, requireUser } from "@rebound/platform";
import { Router } from "express";
import { getConversationRoute } from "../conversations/get-conversation.route";
import { listConversationsRoute } from "../conversations/list-conversations.route";
import { markConversationReadRoute } from "../conversations/mark-conversation-read.route";
import { sendOwnerReplyRoute } from "../conversations/send-owner-reply.route";
import { setConversationOutcomeRoute } from "../conversations/set-conversation-outcome.route";
import { streamConversationsRoute } from "../conversations/stream-conversations.route";
import { exportConsentLogRoute } from "../export-consent-log/export-consent-log.route";
import { handleInboundSmsRoute } from "../inbound-sms/handle-inbound-sms.route";
import type { MessagingDeps } from "../messaging-deps";
import { recordStatusRoute } from "../status-callback/record-status.route";

export function messagingRouter(deps: MessagingDeps, internalAuthSecret: string): Router {
  const router = Router();
  const form = formBody({ limitBytes: 64 * 1024 });
  router.post("/webhooks/twilio/status", form, recordStatusRoute(deps));
  router.post("/webhooks/twilio/sms", form, handleInboundSmsRoute(deps));
  const signedIn = requireUser(internalAuthSecret);
  router.get("/api/messaging/consent-log.csv", signedIn, exportConsentLogRoute(deps));
  // The owner's inbox (docs/conversations.md). Scoped to its paths: in standalone every service's router sees every request.
  router.use("/api/conversations", jsonBody({ limit: "16kb" }));
  router.get("/api/conversations", signedIn, listConversationsRoute(deps));
  router.get("/api/conversations/stream", signedIn, streamConversationsRoute(deps));
  router.get("/api/conversations/:id", signedIn, getConversationRoute(deps));
  router.post("/api/conversations/:id/messages", signedIn, sendOwnerReplyRoute(deps));
  router.post("/api/conversations/:id/read", signedIn, markConversationReadRoute(deps));
  router.put("/api/conversations/:id/outcome", signedIn, setConversationOutcomeRoute(deps));
  return router;
}
