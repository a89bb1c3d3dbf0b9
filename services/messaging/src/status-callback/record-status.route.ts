// POST /webhooks/twilio/status (the gateway checked X-Twilio-Signature before this). Twilio reads
// nothing from a status callback's answer: always 204, never a JSON error; a signed callback
// without the fields of a status records nothing.
import type { RequestHandler } from "express";
import { fieldErrorsFromZod, stripUnsafeInput } from "@rebound/platform";
import type { MessagingDeps } from "../messaging-deps";
import { recordStatus } from "./record-status.use-case";
import { statusCallbackSchema } from "./record-status.schema";

export function recordStatusRoute(deps: MessagingDeps): RequestHandler {
  return async (req, res) => {
    const input = statusCallbackSchema.safeParse(stripUnsafeInput(req.body ?? {}));
    if (!input.success) {
      deps.logger.warn({ fields: fieldErrorsFromZod(input.error) }, "signed sms status callback without the fields of a status; answered, nothing recorded");
      res.status(204).end();
      return;
    }
    const { MessageSid, MessageStatus, ErrorCode, ErrorMessage } = input.data;
    await recordStatus(deps, { messageSid: MessageSid, messageStatus: MessageStatus, errorCode: ErrorCode, errorMessage: ErrorMessage });
    res.status(204).end();
  };
}
