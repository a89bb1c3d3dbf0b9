import { conversationOutcomeSchema } from "@rebound/contracts/domain";
import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { MessagingDeps } from "../messaging-deps";
import { setConversationOutcome } from "./set-conversation-outcome.use-case";

/** PUT /api/conversations/{id}/outcome {outcome, valueCents?} -> 200 with the thread */
export function setConversationOutcomeRoute(deps: MessagingDeps): RequestHandler {
  return async (req, res) => {
    const input = parseInput(conversationOutcomeSchema, req.body ?? {});
    res.json(await setConversationOutcome(deps, currentUser(res).id, String(req.params.id), input));
  };
}
