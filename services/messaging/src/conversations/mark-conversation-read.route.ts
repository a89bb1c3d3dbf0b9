import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { MessagingDeps } from "../messaging-deps";
import { markConversationRead } from "./mark-conversation-read.use-case";

/** POST /api/conversations/{id}/read -> 204 */
export function markConversationReadRoute(deps: MessagingDeps): RequestHandler {
  return async (req, res) => {
    await markConversationRead(deps, currentUser(res).id, String(req.params.id));
    res.status(204).end();
  };
}
