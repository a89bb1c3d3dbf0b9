// POST /webhooks/twilio/status (the gateway checked X-Twilio-Signature before this). Twilio reads
// nothing from a status callback's answer: always 204, never a JSON error; a signed callback
// without the fields of a status records nothing.
import type { RequestHandler } from "express";
import { fieldErrorsFromZod, isConnectionError, stripUnsafeInput } from "@rebound/platform";
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
    const status = { messageSid: MessageSid, messageStatus: MessageStatus, errorCode: ErrorCode, errorMessage: ErrorMessage };
    try {
      await recordStatus(deps, status);
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      // Twilio never retries a status callback: keep it on disk, record it when the database is back.
      await deps.webhookSpool.add({ kind: "status", status, receivedAt: deps.clock.now().toISOString() });
      deps.logger.warn({ err: error, sid: MessageSid }, "database unreachable: status callback kept in the spool, recorded when it is back");
    }
    res.status(204).end();
  };
}
