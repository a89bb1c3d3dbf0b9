import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BillingDeps } from "../billing-deps";
import { getBilling } from "./get-billing.use-case";

export function getBillingRoute(deps: BillingDeps): RequestHandler {
  return async (_req, res) => {
    res.json(await getBilling(deps, currentUser(res)));
  };
}
