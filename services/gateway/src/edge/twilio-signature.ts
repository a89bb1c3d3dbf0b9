import type { RequestHandler } from "express";
import { validateRequest } from "twilio/lib/webhooks/webhooks";
import { AppError } from "@rebound/platform";
import type { TwilioKeyResolver } from "../webhook-signature/twilio-key-resolver";

/**
 * Verifies X-Twilio-Signature with Twilio's own function, over the public URL Twilio
 * called (PUBLIC_BASE_URL + path and query) and the form parameters, keyed by the token of
 * the account the webhook names (`AccountSid`): the main account's, or a business's
 * subaccount's (`keys`). An account that is not ours is refused like an unsigned request.
 * A request that fails never reaches the service.
 */
export function twilioSignatureCheck(keys: TwilioKeyResolver, publicBaseUrl: string): RequestHandler {
  return (req, _res, next) => {
    const signature = req.header("x-twilio-signature");
    const params = (req.body ?? {}) as Record<string, unknown>;
    const url = `${publicBaseUrl}${req.originalUrl}`;
    if (!signature) return next(new AppError("FORBIDDEN", "Invalid Twilio signature"));
    const accountSid = typeof params.AccountSid === "string" ? params.AccountSid : undefined;
    keys.tokenFor(accountSid).then(
      (authToken) =>
        next(authToken !== undefined && validateRequest(authToken, signature, url, params) ? undefined : new AppError("FORBIDDEN", "Invalid Twilio signature")),
      (error: unknown) => next(error),
    );
  };
}
