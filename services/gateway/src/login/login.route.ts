import type { RequestHandler } from "express";
import { parseInput, requestIdOf } from "@rebound/platform";
import { clientIp } from "../edge/rate-limits";
import type { GatewayDeps } from "../gateway-deps";
import { startSession } from "../session/session-user";
import { loginSchema } from "@rebound/contracts/domain";
import { login } from "./login.use-case";

/** POST /api/login: a new session for the user identity vouches for. */
export function loginRoute(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    const input = parseInput(loginSchema, req.body ?? {});
    const user = await login(deps, input, clientIp(req), requestIdOf(res));
    await startSession(req, user);
    res.json(user);
  };
}
