import type { RequestHandler } from "express";
import { requestIdOf, unauthenticated } from "@rebound/platform";
import { clientIp } from "../edge/rate-limits";
import type { GatewayDeps } from "../gateway-deps";
import { sessionUser } from "../session/session-user";
import { changePassword } from "./change-password.use-case";

/** PUT /api/auth/change-password (signed in). The body goes to identity as is: its changePasswordSchema is the one check. */
export function changePasswordRoute(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    const user = sessionUser(req);
    if (!user) throw unauthenticated();
    res.json(await changePassword(deps, user, req.body ?? {}, clientIp(req), requestIdOf(res)));
  };
}
