import { requestIdOf } from "@rebound/platform";
import type { RequestHandler } from "express";
import { clientIp, enforce } from "../edge/rate-limits";
import type { GatewayDeps } from "../gateway-deps";
import { PaymentDeclined } from "../identity/billing-client";
import { startSession } from "../session/session-user";
import { register } from "./register.use-case";

/** POST /api/register: 201 with the new user, signed in; 402 with the provider's message when the card is refused. */
export function registerRoute(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    await enforce([[deps.limits.register, clientIp(req)]]);
    let user;
    try {
      user = await register(deps, req.body ?? {}, requestIdOf(res));
    } catch (error) {
      if (error instanceof PaymentDeclined) {
        res.status(402).json({ message: error.message, code: "PAYMENT_DECLINED" });
        return;
      }
      throw error;
    }
    await startSession(req, user);
    res.status(201).json(user);
  };
}
