import { conversationListQuerySchema } from "@rebound/contracts/domain";
import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { MessagingDeps } from "../messaging-deps";
import { listConversations } from "./list-conversations.use-case";

/** GET /api/conversations?cursor=&filter=unread|all */
export function listConversationsRoute(deps: MessagingDeps): RequestHandler {
  return async (req, res) => {
    const query = parseInput(conversationListQuerySchema, req.query);
    res.json(await listConversations(deps, currentUser(res).id, query));
  };
}
