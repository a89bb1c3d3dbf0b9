import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { getTextingRegistration } from "./get-texting-registration.use-case";

/** GET /api/texting-registration */
export function getTextingRegistrationRoute(deps: TelephonyDeps): RequestHandler {
  return async (_req, res) => {
    res.json(await getTextingRegistration(deps, currentUser(res).id));
  };
}
