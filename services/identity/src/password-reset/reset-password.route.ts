import type { RequestHandler } from "express";
import { parseInput } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { resetPasswordSchema } from "@rebound/contracts/domain";
import { resetPassword } from "./reset-password.use-case";

/** POST /internal/identity/reset-password (gateway only): answers the user id so the gateway can end the user's sessions. */
export function resetPasswordRoute(deps: IdentityDeps): RequestHandler {
  return async (req, res) => {
    res.json(await resetPassword(deps, parseInput(resetPasswordSchema, req.body)));
  };
}
