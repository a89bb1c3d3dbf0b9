import type { RequestHandler } from "express";
import type { BillingDeps } from "../billing-deps";
import { WebhookPayloadError, WebhookSignatureError } from "../provider/payment-provider";
import { handleProviderEvent } from "./handle-provider-event.use-case";

/**
 * POST /webhooks/stripe: the raw body verified with the SDK (bad signature, or a signed body that is
 * no event -> 400, nothing changes), then handled once per event id. Without Stripe there are no webhooks (404).
 */
export function stripeWebhookRoute(deps: BillingDeps): RequestHandler {
  return async (req, res) => {
    const verify = deps.provider.verifyWebhook?.bind(deps.provider);
    if (!verify) {
      res.status(404).json({ message: "Not found", code: "NOT_FOUND" });
      return;
    }
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === "string" ? req.body : "");
    let event;
    try {
      event = verify(raw, req.header("stripe-signature"));
    } catch (error) {
      if (error instanceof WebhookSignatureError || error instanceof WebhookPayloadError) {
        deps.logger.warn({ reason: error.message }, "stripe webhook refused");
        res.status(400).json({ message: error.message, code: "BAD_REQUEST" });
        return;
      }
      throw error;
    }
    const outcome = await handleProviderEvent(deps, event);
    res.json({ received: true, outcome });
  };
}
