// POST /webhooks/twilio/status (the gateway checked X-Twilio-Signature before this).
import type { RequestHandler } from "express";
import { parseInput, stripUnsafeInput } from "@rebound/platform";
import type { MessagingDeps } from "../messaging-deps";
import { recordStatus } from "./record-status.use-case";
import { statusCallbackSchema } from "./record-status.schema";

export function recordStatusRoute(deps: MessagingDeps): RequestHandler {
  return async (req, res) => {
    const input = parseInput(statusCallbackSchema, stripUnsafeInput(req.body ?? {}));
    await recordStatus(deps, {
      messageSid: input.MessageSid,
      messageStatus: input.MessageStatus,
      errorCode: input.ErrorCode,
      errorMessage: input.ErrorMessage,
    });
    res.status(204).end();
  };
}
