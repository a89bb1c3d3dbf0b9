import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { MessagingDeps } from "../messaging-deps";
import { getConversation } from "./get-conversation.use-case";

/** GET /api/conversations/{id} */
export function getConversationRoute(deps: MessagingDeps): RequestHandler {
  return async (req, res) => {
    res.json(await getConversation(deps, currentUser(res).id, String(req.params.id)));
  };
}
