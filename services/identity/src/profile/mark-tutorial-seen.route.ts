import type { RequestHandler } from "express";
import { currentUser } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { markTutorialSeen } from "./mark-tutorial-seen.use-case";

/** PATCH /api/user/mark-tutorial-seen (signed in; no body). */
export function markTutorialSeenRoute(deps: IdentityDeps): RequestHandler {
  return async (_req, res) => {
    res.json(await markTutorialSeen(deps, currentUser(res).id));
  };
}
