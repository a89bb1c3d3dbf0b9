import type { RequestHandler } from "express";
import { parseInput } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { forgotPasswordSchema } from "@rebound/contracts/domain";
import { forgotPassword } from "./forgot-password.use-case";

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export function forgotPasswordRoute(deps: IdentityDeps): RequestHandler {
  return async (req, res) => {
    res.json(await forgotPassword(deps, parseInput(forgotPasswordSchema, req.body ?? {}).email));
  };
}
