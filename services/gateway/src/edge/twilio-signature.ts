import type { RequestHandler } from "express";
import { validateRequest } from "twilio/lib/webhooks/webhooks";
import { AppError } from "@rebound/platform";

/**
 * Verifies X-Twilio-Signature with Twilio's own function, over the public URL Twilio
 * called (PUBLIC_BASE_URL + path and query) and the form parameters. A request that
 * fails never reaches the service.
 */
export function twilioSignatureCheck(authToken: string, publicBaseUrl: string): RequestHandler {
  return (req, _res, next) => {
    const signature = req.header("x-twilio-signature");
    const params = (req.body ?? {}) as Record<string, unknown>;
    const url = `${publicBaseUrl}${req.originalUrl}`;
    if (!signature || !validateRequest(authToken, signature, url, params)) {
      return next(new AppError("FORBIDDEN", "Invalid Twilio signature"));
    }
    next();
  };
}
