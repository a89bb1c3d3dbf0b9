import type { RequestHandler } from "express";
import { currentUser } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { currentUserView } from "./current-user.use-case";

/** GET /api/auth/user (signed in). */
export function currentUserRoute(deps: IdentityDeps): RequestHandler {
  return async (_req, res) => {
    res.json(await currentUserView(deps, currentUser(res).id));
  };
}
