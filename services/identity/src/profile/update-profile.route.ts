import type { RequestHandler } from "express";
import { currentUser, parseInput } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { profileSchema } from "@rebound/contracts/domain";
import { updateProfile } from "./update-profile.use-case";

/** PATCH /api/user/profile (signed in): name and e-mail. */
export function updateProfileRoute(deps: IdentityDeps): RequestHandler {
  return async (req, res) => {
    res.json(await updateProfile(deps, currentUser(res).id, parseInput(profileSchema, req.body ?? {})));
  };
}
