import { AppError } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { findWebhookKey } from "./find-webhook-key.use-case";

/** GET /internal/telephony/webhook-keys/:accountSid (the gateway only): {accountSid, authToken} or 404. */
export function findWebhookKeyRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const accountSid = String(req.params.accountSid ?? "");
    const key = /^AC\w{1,64}$/.test(accountSid) ? await findWebhookKey(deps, accountSid) : undefined;
    if (!key) throw new AppError("NOT_FOUND", "Not found");
    res.setHeader("Cache-Control", "no-store");
    res.json({ accountSid: key.accountSid, authToken: key.authToken });
  };
}
