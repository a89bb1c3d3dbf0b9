import { currentUser, parseInput, requireUser } from "@rebound/platform";
import express, { Router } from "express";
import { purchaseSchema } from "../phone-numbers/phone-numbers.route";
import type { TelephonyContext } from "../telephony-context";
import { recordTestCallStatus, testCallStatusSchema } from "./record-test-call-status.use-case";
import { runForwardingTest } from "./run-forwarding-test.use-case";

/** Same rules as a purchased number: required, then a real phone number. */
const forwardingTestSchema = purchaseSchema;

/** POST /api/test/call-forwarding and the test call's status callback. */
export function forwardingTestRouter(context: TelephonyContext, internalAuthSecret: string): Router {
  const router = Router();

  router.post("/api/test/call-forwarding", requireUser(internalAuthSecret), express.json(), async (req, res) => {
    const { phoneNumber } = parseInput(forwardingTestSchema, req.body ?? {});
    res.json(await runForwardingTest(context, currentUser(res).id, phoneNumber));
  });

  // Call status callbacks (the gateway verified the signature). Ours carry ?testId=;
  // those of calls to dedicated numbers carry nothing we keep.
  router.post("/webhooks/twilio/call-status", express.urlencoded({ extended: false }), async (req, res) => {
    const testId = typeof req.query.testId === "string" ? req.query.testId : undefined;
    if (testId) await recordTestCallStatus(context, testId, parseInput(testCallStatusSchema, req.body ?? {}));
    res.status(204).end();
  });

  return router;
}
