import { AppError, GATEWAY_PRINCIPAL, postInternal } from "@rebound/platform";
import type { ServiceLink } from "../routing/upstream";
import type { FetchWebhookKey } from "./twilio-key-resolver";

const WEBHOOK_KEY_TIMEOUT_MS = 5_000;

/**
 * Telephony's `/internal/telephony/webhook-keys/:accountSid` (the gateway only), through telephony's
 * link: its router in this process (standalone) or its URL (distributed). 404: not one of our accounts.
 */
export function createWebhookKeyClient(link: ServiceLink | undefined, secret: string): FetchWebhookKey {
  return async (accountSid) => {
    const answer = await postInternal(
      link?.send,
      `/internal/telephony/webhook-keys/${encodeURIComponent(accountSid)}`,
      {},
      {
        caller: GATEWAY_PRINCIPAL,
        secret,
        timeoutMs: WEBHOOK_KEY_TIMEOUT_MS,
        unavailableMessage: "Telephony is temporarily unavailable.",
      },
    );
    if (answer.status === 404) return undefined;
    if (answer.ok && typeof answer.payload.authToken === "string" && answer.payload.accountSid === accountSid) return answer.payload.authToken;
    throw new AppError("UNAVAILABLE", "Telephony is temporarily unavailable.");
  };
}
