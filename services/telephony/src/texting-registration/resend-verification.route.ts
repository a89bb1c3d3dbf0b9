import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { resendVerificationSchema } from "./resend-verification.schema";
import { resendVerification } from "./resend-verification.use-case";

/** POST /api/texting-registration/verify */
export function resendVerificationRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    parseInput(resendVerificationSchema, req.body ?? {});
    res.status(202).json(await resendVerification(deps, currentUser(res).id));
  };
}
