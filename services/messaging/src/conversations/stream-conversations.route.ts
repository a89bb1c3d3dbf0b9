import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { MessagingDeps } from "../messaging-deps";

/** GET /api/conversations/stream: server-sent events while the owner's inbox is open (conversation-streams.ts). */
export function streamConversationsRoute(deps: MessagingDeps): RequestHandler {
  return async (_req, res) => {
    await deps.streams.start(currentUser(res).id, res);
  };
}
