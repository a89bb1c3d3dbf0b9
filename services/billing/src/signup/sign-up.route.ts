import type { RequestHandler } from "express";
import { parseInput } from "@rebound/platform";
import { registerSchema } from "@rebound/contracts/domain";
import type { BillingDeps } from "../billing-deps";
import { signUp } from "./sign-up.use-case";

/**
 * POST /internal/billing/signups (the gateway only, never routed publicly): the whole sign-up, 201
 * with the new account's user as identity answered it. A refused card is a 402 (paymentErrors),
 * identity's refusal its own status and message.
 */
export function signUpRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    const registration = parseInput(registerSchema, req.body ?? {});
    res.status(201).json(await signUp(deps, registration, req.header("x-request-id") || undefined));
  };
}
