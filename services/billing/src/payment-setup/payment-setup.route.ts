import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { BillingDeps } from "../billing-deps";
import { confirmSetupSchema, createPaymentIntentSchema, updatePaymentMethodSchema } from "./payment-setup.schema";
import { confirmLocalSetup, createPaymentIntent, updatePaymentMethod } from "./payment-setup.use-case";

export function createPaymentIntentRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    res.json(await createPaymentIntent(deps, parseInput(createPaymentIntentSchema, req.body ?? {})));
  };
}

export function confirmLocalSetupRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    res.json(await confirmLocalSetup(deps, parseInput(confirmSetupSchema, req.body ?? {})));
  };
}

export function updatePaymentMethodRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    const input = parseInput(updatePaymentMethodSchema, req.body ?? {});
    res.json(await updatePaymentMethod(deps, currentUser(res), input.paymentMethodId));
  };
}
