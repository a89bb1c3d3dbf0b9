import type { Logger } from "@rebound/platform";
import type { TestCallRequest } from "@rebound/providers/telephony";
import { A2P_VERIFICATION_SENDER } from "./a2p/a2p-records";
import type { CarrierSimulator } from "./carrier-simulator";
import { simulatorSid } from "./simulator-sid";
import { twimlRecordVerb, type RecordVerb } from "./simulated-recording";
import { optOutChange, twimlMessageBodies } from "./twiml-replies";
import { webhookFailed, type WebhookResult, type WebhookSender } from "./webhook-sender";

export interface SimulatedCallResult {
  callSid: string;
  /** The number whose voice webhook was called (the forwarding target when `to` forwards). */
  to: string;
  forwardedFrom?: string;
  /** The answer the carrier acted on: the voice URL's, or the fallback URL's when the voice URL failed and the number has one. */
  webhook: WebhookResult;
  /** The voice URL's own answer when the fallback was called (absent otherwise). */
  primaryWebhook?: WebhookResult;
  /** Whether the number's fallback URL was called. */
  usedFallback: boolean;
  /** The voicemail the caller left, when asked to and our answer recorded (`<Record>`). */
  voicemail?: SimulatedVoicemailResult;
}

/** What a simulated caller would leave after the beep: `seconds` of audio and, optionally, what the transcriber hears. */
export interface VoicemailToLeave {
  seconds: number;
  transcript?: string;
}

export interface SimulatedVoicemailResult {
  recordingSid: string;
  /** The recording's length: the caller's seconds, cut at the answer's maxLength. */
  seconds: number;
  /** Our answers to the <Record> action, the recording status callback and the transcription callback; null when not sent. */
  action: WebhookResult | null;
  recordingStatus: WebhookResult | null;
  transcription: WebhookResult | null;
}

export interface SimulatedSmsResult {
  messageSid: string;
  /** Our SMS webhook's answer (the fallback's when it was called); absent for a text to Twilio's own verification number (+1 915 278 2000). */
  webhook?: WebhookResult;
  usedFallback?: boolean;
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

  /**
   * A caller calls `to`; nobody answers, so a forwarding business phone sends the call on. The call is journaled
   * first (the provider keeps every call: listCalls), then the signed voice webhook is posted like Twilio: once,
   * never retried; when it fails (an HTTP error, refused, timed out) the number's voice fallback URL is called once,
   * if it has one, else the caller hears Twilio's application error. `webhookDown` simulates our webhook target
   * being unreachable. With `voicemail`, when the answer acted on records (`<Record>`), the caller leaves that
   * voicemail (see leaveVoicemail).
   */
  async placeCall(call: { from: string; to: string; callSid?: string; voicemail?: VoicemailToLeave; webhookDown?: boolean }): Promise<SimulatedCallResult> {
    const forwardTo = this.forwardingOf(call.to);
    const to = forwardTo ?? call.to;
    const callSid = call.callSid ?? simulatorSid("CA");
    const owner = this.carrier.ownerOf(to);
    const number = this.carrier.state.activeNumber(to);
    const url = `${this.carrier.publicBaseUrl}/webhooks/twilio/voice`;
    if (!this.carrier.state.call(callSid)) {
      this.carrier.record({
        t: "call",
        sid: callSid,
        ...(owner.accountSid !== this.carrier.accountSid ? { accountSid: owner.accountSid } : {}),
        from: call.from,
        to,
        ...(forwardTo ? { forwardedFrom: call.to } : {}),
        status: "ringing",
        at: this.carrier.now(),
      });
    }
    const posted = await this.sender.postWithFallback(
      url,
      number?.voiceFallbackUrl,
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
      { authToken: owner.authToken, down: call.webhookDown },
    );
    const webhook = posted.result;
    if (webhookFailed(webhook))
      this.logger.warn({ callSid, status: webhook.status, error: webhook.error }, "simulator: voice webhook failed; the caller hears an application error");
    // <Reject/> ends the call busy; any other answer (or Twilio's error message) completes it.
    this.carrier.record({ t: "call-status", sid: callSid, status: !webhookFailed(webhook) && /<Reject\b/.test(webhook.body) ? "busy" : "completed" });
    const voiceUrl = posted.fallback ? (number?.voiceFallbackUrl ?? url) : url;
    const verb = call.voicemail && !webhookFailed(webhook) ? twimlRecordVerb(webhook.body) : undefined;
    const voicemail =
      call.voicemail && verb ? await this.leaveVoicemail({ callSid, from: call.from, to, voiceUrl, owner, verb, left: call.voicemail }) : undefined;
    return {
      callSid,
      to,
      ...(forwardTo ? { forwardedFrom: call.to } : {}),
      webhook,
      ...(posted.fallback ? { primaryWebhook: posted.primary } : {}),
      usedFallback: posted.fallback !== undefined,
      ...(voicemail ? { voicemail } : {}),
    };
  }

  /**
   * After the beep the caller speaks for `seconds` (cut at maxLength) and hangs up, as Twilio reports it: the
   * recording is journaled (its audio served to fetchRecording), then the <Record> action, the recording status
   * callback (when `completed` is asked for) and, with a transcript and transcribe="true", the transcription
   * callback, in that order, each signed with the number owner's token. Relative URLs resolve against the voice URL.
   */
  private async leaveVoicemail(input: {
    callSid: string;
    from: string;
    to: string;
    voiceUrl: string;
    owner: { accountSid: string; authToken: string };
    verb: RecordVerb;
    left: VoicemailToLeave;
  }): Promise<SimulatedVoicemailResult> {
    const { callSid, from, to, owner, verb, left } = input;
    const maxLength = verb.maxLength === undefined || verb.maxLength <= 0 ? 3_600 : verb.maxLength;
    const seconds = Math.min(Math.max(Math.round(left.seconds), 0), maxLength);
    const recordingSid = simulatorSid("RE");
    const at = this.carrier.now();
    this.carrier.record({
      t: "recording",
      sid: recordingSid,
      accountSid: owner.accountSid,
      callSid,
      from,
      to,
      seconds,
      ...(left.transcript !== undefined ? { transcript: left.transcript } : {}),
      at,
    });
    const recordingUrl = `https://api.twilio.com/2010-04-01/Accounts/${owner.accountSid}/Recordings/${recordingSid}`;
    const call = { AccountSid: owner.accountSid, ApiVersion: "2010-04-01", CallSid: callSid, From: from, To: to, Caller: from, Called: to };
    const recording = { RecordingSid: recordingSid, RecordingUrl: recordingUrl, RecordingDuration: String(seconds) };
    const post = (target: string | undefined, params: Record<string, string>) =>
      target ? this.sender.post(new URL(target, input.voiceUrl).toString(), params, owner.authToken) : Promise.resolve(null);
    const action = await post(verb.action, { ...call, ...recording, CallStatus: "completed", Digits: "hangup" });
    const recordingStatus = verb.recordingStatusCallbackEvent.includes("completed")
      ? await post(verb.recordingStatusCallback, {
          AccountSid: owner.accountSid,
          CallSid: callSid,
          ...recording,
          RecordingStatus: "completed",
          RecordingChannels: "1",
          RecordingSource: "RecordVerb",
          RecordingStartTime: new Date(at).toUTCString().replace("GMT", "+0000"),
          ErrorCode: "0",
        })
      : null;
    const transcribe = verb.transcribe && left.transcript !== undefined && seconds > 0;
    const transcriptionSid = simulatorSid("TR");
    const transcription = transcribe
      ? await post(verb.transcribeCallback, {
          ...call,
          CallStatus: "completed",
          RecordingSid: recordingSid,
          RecordingUrl: recordingUrl,
          TranscriptionSid: transcriptionSid,
          TranscriptionText: left.transcript ?? "",
          TranscriptionStatus: "completed",
          TranscriptionType: "fast",
          TranscriptionUrl: `https://api.twilio.com/2010-04-01/Accounts/${owner.accountSid}/Recordings/${recordingSid}/Transcriptions/${transcriptionSid}`,
        })
      : null;
    return { recordingSid, seconds, action, recordingStatus, transcription };
  }

  /**
   * A caller texts `to`: the signed inbound SMS webhook (signed with the token of the account that
   * owns `to`); `<Message>` replies in the answer are sent back to the caller. A text to Twilio's
   * verification number (+1 915 278 2000) is an owner answering their brand's verification text:
   * it goes to the registration rules, never to a business webhook.
   */
  async sendSms(sms: { from: string; to: string; body: string; webhookDown?: boolean }): Promise<SimulatedSmsResult> {
    const messageSid = simulatorSid("SM");
    if (sms.to === A2P_VERIFICATION_SENDER) return { messageSid, ...this.carrier.receiveVerificationReply(sms) };
    const optedOut = optOutChange(sms.body);
    if (optedOut !== undefined) this.carrier.record({ t: "opt-out", sender: sms.to, recipient: sms.from, optedOut });
    const owner = this.carrier.ownerOf(sms.to);
    const number = this.carrier.state.activeNumber(sms.to);
    // Kept at the provider whether or not our webhook answers (listInboundMessages).
    this.carrier.record({
      t: "inbound",
      sid: messageSid,
      ...(owner.accountSid !== this.carrier.accountSid ? { accountSid: owner.accountSid } : {}),
      from: sms.from,
      to: sms.to,
      body: sms.body,
      at: this.carrier.now(),
    });
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
    // Like the voice webhook: once, never retried; the number's SMS fallback URL once when it fails.
    const posted = await this.sender.postWithFallback(`${this.carrier.publicBaseUrl}/webhooks/twilio/sms`, number?.smsFallbackUrl, webhookParams, {
      authToken: owner.authToken,
      down: sms.webhookDown,
    });
    const webhook = posted.result;
    if (webhookFailed(webhook)) this.logger.warn({ messageSid, status: webhook.status, error: webhook.error }, "simulator: SMS webhook failed");
    const replies = webhook.status >= 200 && webhook.status < 300 ? twimlMessageBodies(webhook.body) : [];
    for (const body of replies) {
      this.carrier.recordImmediateText({ from: sms.to, to: sms.from, body, direction: "outbound-reply", accountSid: owner.accountSid });
    }
    return { messageSid, webhook, usedFallback: posted.fallback !== undefined, replies };
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
