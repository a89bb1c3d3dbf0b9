import twilio from "twilio";
import type { FakeMessage } from "./fake-twilio-resources";
import { statusCallbackParams } from "@rebound/twilio";

/**
 * The fake's [queued ->] sent -> delivered status callbacks (queued only for a message sent through a
 * messaging service, which starts "accepted"), optionally signed like Twilio's: with the auth
 * token of the account that sent the message (a subaccount's own token for its messages, as Twilio
 * signs them), and that account in `AccountSid`.
 */
export class FakeStatusCallbacks {
  private readonly timers = new Set<NodeJS.Timeout>();
  private cancelled = false;

  constructor(
    private readonly accountSid: string,
    private readonly authToken: string,
    private readonly options: { stepMs: number; sign: boolean; tokenOf?: (accountSid: string) => string | undefined },
  ) {}

  /**
   * One status every stepMs, each after the previous callback was answered, as Twilio's message moves
   * through them: independent timers a few ms apart raced each other's requests, and a receiver could see
   * "delivered" before "sent".
   */
  schedule(message: FakeMessage): void {
    const statuses = [...(message.messagingServiceSid ? ["queued"] : []), "sent", "delivered"];
    const step = (index: number): void => {
      const status = statuses[index];
      if (status === undefined || this.cancelled) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        message.status = status;
        void this.post(message, status).then(() => step(index + 1));
      }, this.options.stepMs);
      this.timers.add(timer);
    };
    step(0);
  }

  cancel(): void {
    this.cancelled = true;
    this.timers.forEach(clearTimeout);
    this.timers.clear();
  }

  private async post(message: FakeMessage, status: string): Promise<void> {
    const url = message.statusCallback as string;
    const accountSid = message.accountSid || this.accountSid;
    const params = statusCallbackParams({ accountSid, sid: message.sid, from: message.from, to: message.to, status });
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    const token = accountSid === this.accountSid ? this.authToken : (this.options.tokenOf?.(accountSid) ?? this.authToken);
    if (this.options.sign) headers["x-twilio-signature"] = twilio.getExpectedTwilioSignature(token, url, params);
    await fetch(url, { method: "POST", headers, body: new URLSearchParams(params) }).catch(() => undefined);
  }
}
