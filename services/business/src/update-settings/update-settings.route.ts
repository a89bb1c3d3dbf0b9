import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BusinessDeps } from "../business-deps";
import { toBusinessResponse } from "../http/business-response";
import { updateSettingsSchema } from "./update-settings.schema";
import { updateSettings } from "./update-settings.use-case";

/** POST /api/business: answers with the saved business and the segment count of each message. */
export function updateSettingsRoute(deps: BusinessDeps): RequestHandler {
  return async (req, res) => {
    const user = currentUser(res);
    const change = parseInput(updateSettingsSchema, req.body);
    const business = await updateSettings(deps, user.id, change);
    res.json(toBusinessResponse(business, deps.clock.now()));
  };
}
