import { randomUUID } from "node:crypto";
import twilio from "twilio";
import { postText } from "@rebound/platform";

export interface WebhookResult {
  /** The HTTP status; 0 when no answer came (connection refused, timeout: `error` says which). */
  status: number;
  body: string;
  error?: string;
}

/** Whether Twilio would call the fallback URL: no answer, or an HTTP error (Twilio's 11200/11205 family). */
export function webhookFailed(result: WebhookResult): boolean {
  return result.status === 0 || result.status >= 400;
}

/**
 * Posts form-encoded webhooks signed exactly like Twilio (X-Twilio-Signature =
 * HMAC-SHA1 of the URL and the sorted params with the auth token), so the
 * gateway's real signature check runs, on keep-alive connections (postText).
 * The token is the main account's unless `authToken` names the owner's: a
 * subaccount's webhooks are signed with the subaccount's own token.
 */
export class WebhookSender {
  /**
   * `reach` maps the URL a webhook is for (and signed for) to the address it is sent to: the same unless
   * the simulator runs where PUBLIC_BASE_URL does not lead (a container; SIMULATOR_WEBHOOK_ORIGIN).
   */
  constructor(
    private readonly authToken: string,
    private readonly timeoutMs = 10_000,
    private readonly reach: (url: string) => string = (url) => url,
  ) {}

  async post(url: string, params: Record<string, string>, authToken: string = this.authToken): Promise<WebhookResult> {
    const reply = await postText(this.reach(url), {
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, url, params),
        "i-twilio-idempotency-token": randomUUID(),
        "user-agent": "TwilioProxy/1.1 (Rebound carrier simulator)",
      },
      body: new URLSearchParams(params).toString(),
      timeoutMs: this.timeoutMs,
    });
    return { status: reply.status, body: reply.text };
  }

  /**
   * Twilio's webhook semantics for a caller's call or text: the URL once, never retried; when it fails (an HTTP
   * error, refused, timed out) the fallback URL once, if there is one. `down` simulates our webhook target being
   * unreachable (the first URL is not even tried). `used` says which answer the carrier acted on.
   */
  async postWithFallback(
    url: string,
    fallbackUrl: string | undefined,
    params: Record<string, string>,
    options: { authToken?: string; down?: boolean } = {},
  ): Promise<{ result: WebhookResult; primary: WebhookResult; fallback?: WebhookResult }> {
    const attempt = async (target: string): Promise<WebhookResult> => {
      try {
        return await this.post(target, params, options.authToken);
      } catch (error) {
        return { status: 0, body: "", error: (error as Error).message ?? String(error) };
      }
    };
    const primary = options.down ? { status: 0, body: "", error: "connect ECONNREFUSED (simulated: webhook target down)" } : await attempt(url);
    if (!webhookFailed(primary) || !fallbackUrl) return { result: primary, primary };
    const fallback = await attempt(fallbackUrl);
    return { result: fallback, primary, fallback };
  }
}
