import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { updateSelfTestSchema } from "./update-self-test.schema";
import { updateSelfTest } from "./update-self-test.use-case";

/** PUT /api/forwarding/self-test */
export function updateSelfTestRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const input = parseInput(updateSelfTestSchema, req.body ?? {});
    res.json(await updateSelfTest(deps, currentUser(res).id, input));
  };
}
