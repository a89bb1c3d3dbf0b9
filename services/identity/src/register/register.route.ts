import type { RequestHandler } from "express";
import { parseInput } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { registerSchema } from "@rebound/contracts/domain";
import { register } from "./register.use-case";

/** POST /internal/identity/register (billing's sign-up saga only): 201 with the new user. */
export function registerRoute(deps: IdentityDeps): RequestHandler {
  return async (req, res) => {
    res.status(201).json(await register(deps, parseInput(registerSchema, req.body)));
  };
}
