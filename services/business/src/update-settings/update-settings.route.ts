import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BusinessDeps } from "../business-deps";
import { ensureBusiness } from "../create-business/create-business.use-case";
import { toBusinessResponse } from "../http/business-response";
import { updateSettingsSchema } from "./update-settings.schema";
import { updateSettings } from "./update-settings.use-case";

/** POST /api/business: answers with the saved business and the segment count of each message. */
export function updateSettingsRoute(deps: BusinessDeps): RequestHandler {
  return async (req, res) => {
    const user = currentUser(res);
    const change = parseInput(updateSettingsSchema, req.body);
    await ensureBusiness(deps, user); // a first write right after sign-up
    const business = await updateSettings(deps, user.id, change);
    res.json(toBusinessResponse(business, deps.clock.now()));
  };
}
