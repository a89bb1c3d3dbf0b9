import type { Logger } from "@rebound/platform";
import type { TestCallRequest } from "@rebound/providers/telephony";
import { A2P_VERIFICATION_SENDER } from "./a2p/a2p-records";
import type { CarrierSimulator } from "./carrier-simulator";
import { simulatorSid } from "./simulator-sid";
import { optOutChange, twimlMessageBodies } from "./twiml-replies";
import type { WebhookResult, WebhookSender } from "./webhook-sender";

export interface SimulatedCallResult {
  callSid: string;
  /** The number whose voice webhook was called (the forwarding target when `to` forwards). */
  to: string;
  forwardedFrom?: string;
  webhook: WebhookResult;
}

export interface SimulatedSmsResult {
  messageSid: string;
  /** Our SMS webhook's answer; absent for a text to Twilio's own verification number (+1 915 278 2000). */
  webhook?: WebhookResult;
  /** Texts our TwiML answer sent back to the sender (recorded like any sent message). */
  replies: string[];
}

/**
 * The phones out in the world: callers who call a number (following the call
 * forwarding set on a business phone), callers who text, and the forwarding
 * settings of business phones that decide whether a forwarding test succeeds.
 */
export class SimulatedPhones {
  constructor(
    private readonly carrier: CarrierSimulator,
    private readonly sender: WebhookSender,
    private readonly logger: Logger,
  ) {}

  setForwarding(phoneNumber: string, forwardTo: string | null): void {
    this.carrier.record({ t: "forwarding", phoneNumber, forwardTo });
  }

  forwardingOf(phoneNumber: string): string | undefined {
    return this.carrier.state.forwarding.get(phoneNumber);
  }

  /** A caller calls `to`; nobody answers, so a forwarding business phone sends the call on. Posts the signed voice webhook like Twilio. */
  async placeCall(call: { from: string; to: string; callSid?: string }): Promise<SimulatedCallResult> {
    const forwardTo = this.forwardingOf(call.to);
    const to = forwardTo ?? call.to;
    const callSid = call.callSid ?? simulatorSid("CA");
    const owner = this.carrier.ownerOf(to);
    const url = `${this.carrier.publicBaseUrl}/webhooks/twilio/voice`;
    const webhook = await this.sender.post(
      url,
      {
        AccountSid: owner.accountSid,
        ApiVersion: "2010-04-01",
        CallSid: callSid,
        CallStatus: "ringing",
        Direction: "inbound",
        From: call.from,
        Caller: call.from,
        To: to,
        Called: to,
        FromCountry: "US",
        ToCountry: "US",
        ...(forwardTo ? { ForwardedFrom: call.to } : {}),
      },
      owner.authToken,
    );
    return { callSid, to, ...(forwardTo ? { forwardedFrom: call.to } : {}), webhook };
  }

  /**
   * A caller texts `to`: the signed inbound SMS webhook (signed with the token of the account that
   * owns `to`); `<Message>` replies in the answer are sent back to the caller. A text to Twilio's
   * verification number (+1 915 278 2000) is an owner answering their brand's verification text:
   * it goes to the registration rules, never to a business webhook.
   */
  async sendSms(sms: { from: string; to: string; body: string }): Promise<SimulatedSmsResult> {
    const messageSid = simulatorSid("SM");
    if (sms.to === A2P_VERIFICATION_SENDER) return { messageSid, ...this.carrier.receiveVerificationReply(sms) };
    const optedOut = optOutChange(sms.body);
    if (optedOut !== undefined) this.carrier.record({ t: "opt-out", sender: sms.to, recipient: sms.from, optedOut });
    const owner = this.carrier.ownerOf(sms.to);
    const webhookParams = {
      AccountSid: owner.accountSid,
      ApiVersion: "2010-04-01",
      MessageSid: messageSid,
      SmsSid: messageSid,
      SmsMessageSid: messageSid,
      SmsStatus: "received",
      From: sms.from,
      To: sms.to,
      Body: sms.body,
      NumMedia: "0",
      NumSegments: "1",
      FromCountry: "US",
      ToCountry: "US",
    };
    const webhook = await this.sender.post(`${this.carrier.publicBaseUrl}/webhooks/twilio/sms`, webhookParams, owner.authToken);
    const replies = webhook.status < 300 ? twimlMessageBodies(webhook.body) : [];
    for (const body of replies) {
      this.carrier.recordImmediateText({ from: sms.to, to: sms.from, body, direction: "outbound-reply", accountSid: owner.accountSid });
    }
    return { messageSid, webhook, replies };
  }

  /**
   * Our test caller calls the business phone. With forwarding set, the call comes
   * back to the forwarding target (our voice webhook with From = the test caller),
   * then the test call completes; without it, the phone rings out (no-answer).
   * A number ending with the failing suffix cannot be reached (failed).
   */
  placeTestCall(request: TestCallRequest): { sid: string } {
    const sid = simulatorSid("CA");
    void this.runTestCall(sid, request).catch((error: unknown) => this.logger.warn({ err: error, callSid: sid }, "simulator: test call webhook failed"));
    return { sid };
  }

  private async runTestCall(sid: string, request: TestCallRequest): Promise<void> {
    const step = Math.max(this.carrier.deliveryStepMs, 5);
    await this.carrier.delay(step);
    if (this.carrier.isClosed) return;
    const forwardTo = this.forwardingOf(request.to);
    let status = "no-answer";
    if (request.to.endsWith(this.carrier.failingNumberSuffix)) status = "failed";
    else if (forwardTo) {
      await this.placeCall({ from: request.from, to: request.to });
      status = "completed";
      await this.carrier.delay(step);
    }
    if (!request.statusCallbackUrl || this.carrier.isClosed) return;
    await this.sender.post(request.statusCallbackUrl, {
      AccountSid: this.carrier.accountSid,
      ApiVersion: "2010-04-01",
      CallSid: sid,
      CallStatus: status,
      CallDuration: status === "completed" ? "4" : "0",
      Direction: "outbound-api",
      From: request.from,
      To: request.to,
    });
  }
}
