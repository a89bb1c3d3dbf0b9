import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BusinessDeps } from "../business-deps";
import { toBusinessResponse } from "../http/business-response";
import { getBusiness } from "./get-business.use-case";

/** GET /api/business. */
export function getBusinessRoute(deps: BusinessDeps): RequestHandler {
  return async (_req, res) => {
    const business = await getBusiness(deps, currentUser(res));
    res.json(toBusinessResponse(business, deps.clock.now()));
  };
}
