import { parseInput, stripUnsafeInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { testCallStatusSchema } from "./record-test-call-status.schema";
import { recordTestCallStatus } from "./record-test-call-status.use-case";

/**
 * POST /webhooks/twilio/call-status (the gateway verified the signature). Ours carry ?testId=;
 * those of calls to dedicated numbers carry nothing we keep.
 */
export function recordTestCallStatusRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const testId = typeof req.query.testId === "string" ? req.query.testId : undefined;
    if (testId) await recordTestCallStatus(deps, testId, parseInput(testCallStatusSchema, stripUnsafeInput(req.body ?? {})));
    res.status(204).end();
  };
}
