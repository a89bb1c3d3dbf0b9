import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BillingDeps } from "../billing-deps";
import { reactivateSubscription } from "./reactivate-subscription.use-case";

export function reactivateSubscriptionRoute(deps: BillingDeps): RequestHandler {
  return async (_req, res) => {
    res.json(await reactivateSubscription(deps, currentUser(res).id));
  };
}
