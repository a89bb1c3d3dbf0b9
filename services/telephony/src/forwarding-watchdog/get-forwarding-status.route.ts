import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { getForwardingStatus } from "./get-forwarding-status.use-case";

/** GET /api/forwarding/status */
export function getForwardingStatusRoute(deps: TelephonyDeps): RequestHandler {
  return async (_req, res) => {
    res.json(await getForwardingStatus(deps, currentUser(res).id));
  };
}
