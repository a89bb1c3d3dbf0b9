import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BillingDeps } from "../billing-deps";
import { changePlanSchema } from "./change-plan.schema";
import { changePlan } from "./change-plan.use-case";

export function changePlanRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    res.json(await changePlan(deps, currentUser(res).id, parseInput(changePlanSchema, req.body ?? {})));
  };
}
