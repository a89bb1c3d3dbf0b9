import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BusinessDeps } from "../business-deps";
import { ensureBusiness } from "../create-business/create-business.use-case";
import { toBusinessResponse } from "../http/business-response";
import { updateProfileSchema } from "./update-profile.schema";
import { updateProfile } from "./update-profile.use-case";

/** PATCH /api/business/profile: answers with the saved business. */
export function updateProfileRoute(deps: BusinessDeps): RequestHandler {
  return async (req, res) => {
    const user = currentUser(res);
    const change = parseInput(updateProfileSchema, req.body);
    await ensureBusiness(deps, user); // a first write right after sign-up
    const business = await updateProfile(deps, user.id, change);
    res.json(toBusinessResponse(business, deps.clock.now()));
  };
}
