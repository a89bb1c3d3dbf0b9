import type { RequestHandler } from "express";
import { currentUser } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { resendVerification } from "./resend-verification.use-case";

/** POST /api/auth/resend-verification (signed in; no body). */
export function resendVerificationRoute(deps: IdentityDeps): RequestHandler {
  return async (_req, res) => {
    res.json(await resendVerification(deps, currentUser(res).id));
  };
}
