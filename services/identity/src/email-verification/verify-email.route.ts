import type { RequestHandler } from "express";
import { parseInput } from "@rebound/platform";
import type { IdentityDeps } from "../identity-deps";
import { verifyEmailSchema } from "@rebound/contracts/domain";
import { verifyEmail } from "./verify-email.use-case";

/** POST /api/auth/verify-email: the link's token, once. */
export function verifyEmailRoute(deps: IdentityDeps): RequestHandler {
  return async (req, res) => {
    res.json(await verifyEmail(deps, parseInput(verifyEmailSchema, req.body ?? {}).token));
  };
}
