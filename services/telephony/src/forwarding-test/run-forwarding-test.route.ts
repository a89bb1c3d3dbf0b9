import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { forwardingTestSchema } from "./run-forwarding-test.schema";
import { runForwardingTest } from "./run-forwarding-test.use-case";

/** POST /api/test/call-forwarding */
export function runForwardingTestRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const { phoneNumber } = parseInput(forwardingTestSchema, req.body ?? {});
    res.json(await runForwardingTest(deps, currentUser(res).id, phoneNumber));
  };
}
