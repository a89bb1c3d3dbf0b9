import type { RequestHandler } from "express";
import { parseInput } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { loginSchema } from "@rebound/contracts/domain";
import { login } from "./login.use-case";

/** POST /internal/identity/login (gateway only): the user, or 401 with one message for every failure. */
export function loginRoute(deps: IdentityDeps): RequestHandler {
  return async (req, res) => {
    res.json(await login(deps, parseInput(loginSchema, req.body)));
  };
}
