import { textingRegistrationSchema } from "@rebound/contracts/domain";
import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { submitTextingRegistration } from "./submit-texting-registration.use-case";

/** POST /api/texting-registration: 202, the work goes on in the background (the saga job). */
export function submitTextingRegistrationRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const input = parseInput(textingRegistrationSchema, req.body ?? {});
    res.status(202).json(await submitTextingRegistration(deps, currentUser(res).id, input));
  };
}
