import { randomUUID } from "node:crypto";
import twilio from "twilio";

export interface WebhookResult {
  status: number;
  body: string;
}

/**
 * Posts form-encoded webhooks signed exactly like Twilio (X-Twilio-Signature =
 * HMAC-SHA1 of the URL and the sorted params with the auth token), so the
 * gateway's real signature check runs. Node's fetch keeps connections alive.
 * The token is the main account's unless `authToken` names the owner's: a
 * subaccount's webhooks are signed with the subaccount's own token.
 */
export class WebhookSender {
  constructor(
    private readonly authToken: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async post(url: string, params: Record<string, string>, authToken: string = this.authToken): Promise<WebhookResult> {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, url, params),
        "i-twilio-idempotency-token": randomUUID(),
        "user-agent": "TwilioProxy/1.1 (Rebound carrier simulator)",
      },
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    return { status: response.status, body: await response.text() };
  }
}
