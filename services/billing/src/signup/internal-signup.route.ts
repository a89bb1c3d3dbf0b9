import { jsonBody, parseInput, requireGateway } from "@rebound/platform";
import { Router } from "express";
import type { BillingDeps } from "../billing-deps";
import { abandonSignup } from "./abandon-signup.use-case";
import { confirmSignup } from "./confirm-signup.use-case";
import { confirmSignupSchema, startSignupSchema } from "./signup.schema";
import { startSignup } from "./start-signup.use-case";

/**
 * `/internal/billing/*`: the payment step of registration, asked synchronously by the gateway
 * (never routed publicly). start -> identity creates the account -> confirm, or abandon on failure.
 */
export function internalSignupRouter(deps: BillingDeps, secret: string): Router {
  const router = Router();
  router.use("/internal/billing", requireGateway(secret), jsonBody({ limit: "16kb" }));
  router.post("/internal/billing/signups", async (req, res) => {
    res.status(201).json(await startSignup(deps, parseInput(startSignupSchema, req.body ?? {})));
  });
  router.post("/internal/billing/signups/:signupId/confirm", async (req, res) => {
    const { userId } = parseInput(confirmSignupSchema, req.body ?? {});
    await confirmSignup(deps, String(req.params.signupId), userId);
    res.json({ message: "Sign-up confirmed" });
  });
  router.post("/internal/billing/signups/:signupId/abandon", async (req, res) => {
    const undone = await abandonSignup(deps, String(req.params.signupId));
    res.json({ message: undone ? "Sign-up undone" : "Nothing to undo" });
  });
  return router;
}
