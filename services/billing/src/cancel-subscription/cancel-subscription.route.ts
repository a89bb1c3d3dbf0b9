import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BillingDeps } from "../billing-deps";
import { cancelSubscription } from "./cancel-subscription.use-case";

export function cancelSubscriptionRoute(deps: BillingDeps): RequestHandler {
  return async (_req, res) => {
    res.json(await cancelSubscription(deps, currentUser(res).id));
  };
}
