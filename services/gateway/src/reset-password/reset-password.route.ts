import { requestIdOf } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { GatewayDeps } from "../gateway-deps";
import { resetPassword } from "./reset-password.use-case";

/** POST /api/auth/reset-password (public: the link's token is the credential). The body goes to identity as is: its resetPasswordSchema is the one check. */
export function resetPasswordRoute(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    res.json(await resetPassword(deps, req.body ?? {}, requestIdOf(res)));
  };
}
