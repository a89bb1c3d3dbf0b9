import type { RequestHandler } from "express";
import { parseInput } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { changePasswordSchema } from "@rebound/contracts/domain";
import { changePassword } from "./change-password.use-case";

/** POST /internal/identity/users/:userId/change-password (gateway only; the gateway then signs out the other sessions). */
export function changePasswordRoute(deps: IdentityDeps): RequestHandler {
  return async (req, res) => {
    res.json(await changePassword(deps, String(req.params.userId), parseInput(changePasswordSchema, req.body)));
  };
}
