import type { RequestHandler } from "express";
import type { GatewayDeps } from "../gateway-deps";
import { sessionUser } from "../session/session-user";
import { clearPasswordChecks, limitPasswordCheck } from "./password-checks";
import { bodyEmail, clientIp } from "./rate-limits";

/**
 * PATCH /api/user/profile, before identity: a new e-mail address needs the current password, so a
 * request for one is a password check, counted as sign-in and change-password count theirs (one
 * budget for all three). Identity answers; a success starts the counts again, as a right password does.
 */
export function emailChangeLimit(deps: GatewayDeps): RequestHandler {
  return async (req, res, next) => {
    const user = sessionUser(req);
    const email = bodyEmail(req);
    if (!user || email === undefined || email === user.email.toLowerCase()) return next();
    const ip = clientIp(req);
    await limitPasswordCheck(deps.limits, user.email, ip);
    res.once("finish", () => {
      if (res.statusCode >= 300) return;
      clearPasswordChecks(deps.limits, user.email, ip).catch((error: unknown) => deps.logger.warn({ err: error }, "could not clear the password-check counts"));
    });
    next();
  };
}
