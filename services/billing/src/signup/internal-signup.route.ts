import { AppError, INTERNAL_USER_HEADER, jsonBody, parseInput, verifyInternalUser } from "@rebound/platform";
import { Router, type RequestHandler } from "express";
import type { BillingDeps } from "../billing-deps";
import { abandonSignup } from "./abandon-signup.use-case";
import { confirmSignup } from "./confirm-signup.use-case";
import { confirmSignupSchema, startSignupSchema } from "./signup.schema";
import { startSignup } from "./start-signup.use-case";

/** The principal the gateway signs for its calls to services' internal APIs. */
export const GATEWAY_PRINCIPAL_ID = "service:gateway";

/** Internal routes answer only the gateway (HMAC-signed header); anyone else gets a 404. */
function requireGateway(secret: string): RequestHandler {
  return (req, _res, next) => {
    const caller = verifyInternalUser(req.header(INTERNAL_USER_HEADER), secret);
    if (caller?.id !== GATEWAY_PRINCIPAL_ID) return next(new AppError("NOT_FOUND", "Not found"));
    next();
  };
}

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
