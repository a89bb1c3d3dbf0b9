import { ownerReplySchema } from "@rebound/contracts/domain";
import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { MessagingDeps } from "../messaging-deps";
import { sendOwnerReply } from "./send-owner-reply.use-case";

/** POST /api/conversations/{id}/messages {body} -> 201 {item} */
export function sendOwnerReplyRoute(deps: MessagingDeps): RequestHandler {
  return async (req, res) => {
    const reply = parseInput(ownerReplySchema, req.body ?? {});
    const item = await sendOwnerReply(deps, currentUser(res).id, String(req.params.id), reply);
    res.status(201).json({ item });
  };
}
