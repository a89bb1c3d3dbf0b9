import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BillingDeps } from "../billing-deps";
import { confirmSubscriptionSchema, createSubscriptionSchema } from "./checkout.schema";
import { confirmLocalSubscription, createSubscription } from "./checkout.use-case";

export function createSubscriptionRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    res.json(await createSubscription(deps, currentUser(res), parseInput(createSubscriptionSchema, req.body ?? {})));
  };
}

export function confirmLocalSubscriptionRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    res.json(await confirmLocalSubscription(deps, currentUser(res), parseInput(confirmSubscriptionSchema, req.body ?? {})));
  };
}
