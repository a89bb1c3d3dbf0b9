import twilio from "twilio";
import type {
  AccountScope,
  AvailableNumber,
  LineType,
  ListCallsQuery,
  ListInboundMessagesQuery,
  NumberWebhooks,
  ProviderCall,
  ProviderInboundMessage,
  PurchasedNumber,
  RecordingAudio,
  RecordingRef,
  SendSmsRequest,
  SendSmsResult,
  TelephonyProvider,
  TestCallRequest,
} from "@rebound/providers/telephony";
import { VoiceResponse } from "./twiml";
import { toTelephonyProviderError } from "./twilio-errors";
import { TwilioHttpClient } from "./twilio-http-client";

export interface TwilioProviderOptions {
  accountSid: string;
  authToken: string;
  timeoutMs: number;
  /** Per-request timeout of line type lookups (TWILIO_LOOKUP_TIMEOUT_MS); default 1,500 ms. */
  lookupTimeoutMs?: number;
  /** Tests and fakes: where the SDK's requests go instead of api.twilio.com. */
  apiBaseUrl?: string;
}

/** Records per page of the reconciliation lists (Twilio allows up to 1,000; the SDK follows next_page_uri). */
const LIST_PAGE_SIZE = 200;

/** Spoken to whoever picks up our forwarding test call instead of forwarding it. */
const TEST_CALL_TWIML = (() => {
  const response = new VoiceResponse();
  response.say("This is a Rebound call forwarding test. You can hang up now.");
  response.hangup();
  return response.toString();
})();

/** Twilio answers `capabilities` as {voice, SMS, MMS}; the SDK's typings say lower case. */
function capability(capabilities: unknown, name: "voice" | "sms" | "mms"): boolean {
  if (typeof capabilities !== "object" || capabilities === null) return false;
  const record = capabilities as Record<string, unknown>;
  return record[name] === true || record[name.toUpperCase()] === true;
}

/** Twilio's line_type_intelligence.type -> ours; unknown or absent -> undefined. */
export function lineTypeOf(type: unknown): LineType | undefined {
  switch (type) {
    case "mobile":
      return "mobile";
    case "landline":
      return "landline";
    case "fixedVoip":
    case "nonFixedVoip":
      return "voip";
    case undefined:
    case null:
    case "unknown":
      return undefined;
    default:
      return "other";
  }
}

/** Twilio's JSON error body ({code, message, status}) as the shape toTelephonyProviderError reads. */
function restErrorOf(status: number, body: Buffer): { status: number; code?: unknown; message: string } {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { code?: unknown; message?: unknown };
    return { status, code: parsed.code, message: typeof parsed.message === "string" ? parsed.message : `HTTP ${status}` };
  } catch {
    return { status, message: `HTTP ${status}` };
  }
}

/** The Twilio adapter, through the official SDK (keep-alive, timeout, mapped errors). */
export class TwilioTelephonyProvider implements TelephonyProvider {
  readonly kind = "twilio" as const;
  private readonly httpClient: TwilioHttpClient;
  private readonly client: twilio.Twilio;
  /** Lookups have their own, short timeout: they sit in front of a text. */
  private readonly lookupHttpClient: TwilioHttpClient;
  private readonly lookupClient: twilio.Twilio;

  constructor(private readonly options: TwilioProviderOptions) {
    this.httpClient = new TwilioHttpClient({ timeoutMs: options.timeoutMs, baseUrl: options.apiBaseUrl });
    this.client = twilio(options.accountSid, options.authToken, { httpClient: this.httpClient });
    this.lookupHttpClient = new TwilioHttpClient({ timeoutMs: options.lookupTimeoutMs ?? 1_500, baseUrl: options.apiBaseUrl });
    this.lookupClient = twilio(options.accountSid, options.authToken, { httpClient: this.lookupHttpClient });
  }

  async lookupLineType(phoneNumber: string): Promise<LineType | undefined> {
    try {
      const answer = await this.lookupClient.lookups.v2.phoneNumbers(phoneNumber).fetch({ fields: "line_type_intelligence" });
      const intelligence = answer.lineTypeIntelligence as { type?: unknown } | null | undefined;
      return lineTypeOf(intelligence?.type);
    } catch (error) {
      throw toTelephonyProviderError(error, "line type lookup");
    }
  }

  async searchLocalNumbers(areaCode: string, options: { country?: string; limit?: number } = {}): Promise<AvailableNumber[]> {
    try {
      const numbers = await this.client.availablePhoneNumbers(options.country ?? "US").local.list({
        areaCode: Number(areaCode),
        voiceEnabled: true,
        smsEnabled: true,
        limit: options.limit ?? 20,
      });
      return numbers.map((number) => ({
        phoneNumber: number.phoneNumber,
        locality: number.locality ?? "",
        region: number.region ?? "",
        capabilities: {
          voice: capability(number.capabilities, "voice"),
          sms: capability(number.capabilities, "sms"),
          mms: capability(number.capabilities, "mms"),
        },
      }));
    } catch (error) {
      throw toTelephonyProviderError(error, "number search");
    }
  }

  /**
   * The 2010 API of an account: ours, or a business's subaccount reached with OUR credentials on the
   * subaccount's path (/2010-04-01/Accounts/{sub}/...), as Twilio allows for numbers and messages.
   */
  private accountApi(accountSid: string | undefined) {
    return accountSid && accountSid !== this.options.accountSid ? this.client.api.v2010.accounts(accountSid) : this.client.api.v2010.account;
  }

  async purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks, scope?: AccountScope): Promise<PurchasedNumber> {
    try {
      const number = await this.accountApi(scope?.accountSid).incomingPhoneNumbers.create({
        phoneNumber,
        voiceUrl: webhooks.voiceUrl,
        voiceMethod: "POST",
        smsUrl: webhooks.smsUrl,
        smsMethod: "POST",
        statusCallback: webhooks.statusCallbackUrl,
        statusCallbackMethod: "POST",
        ...(webhooks.voiceFallbackUrl ? { voiceFallbackUrl: webhooks.voiceFallbackUrl, voiceFallbackMethod: "POST" } : {}),
        ...(webhooks.smsFallbackUrl ? { smsFallbackUrl: webhooks.smsFallbackUrl, smsFallbackMethod: "POST" } : {}),
      });
      return { phoneNumber: number.phoneNumber, sid: number.sid };
    } catch (error) {
      throw toTelephonyProviderError(error, "number purchase");
    }
  }

  async releaseNumber(sid: string, scope?: AccountScope): Promise<void> {
    try {
      await this.accountApi(scope?.accountSid).incomingPhoneNumbers(sid).remove();
    } catch (error) {
      throw toTelephonyProviderError(error, "number release");
    }
  }

  async sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
    try {
      const message = await this.accountApi(request.accountSid).messages.create({
        from: request.from,
        to: request.to,
        body: request.body,
        // A registered business sends through its messaging service (its campaign); From stays, Twilio accepts both.
        ...(request.messagingServiceSid ? { messagingServiceSid: request.messagingServiceSid } : {}),
        ...(request.statusCallbackUrl ? { statusCallback: request.statusCallbackUrl } : {}),
      });
      return { sid: message.sid, status: message.status };
    } catch (error) {
      throw toTelephonyProviderError(error, "SMS send");
    }
  }

  async findSentMessage(query: { from: string; to: string; body: string; since: Date; accountSid?: string }): Promise<SendSmsResult | undefined> {
    try {
      const messages = await this.accountApi(query.accountSid).messages.list({
        from: query.from,
        to: query.to,
        dateSentAfter: query.since,
        limit: 50,
      });
      const match = messages.find((message) => message.body === query.body);
      return match ? { sid: match.sid, status: match.status } : undefined;
    } catch (error) {
      throw toTelephonyProviderError(error, "message lookup");
    }
  }

  async placeTestCall(request: TestCallRequest): Promise<{ sid: string }> {
    try {
      const call = await this.client.calls.create({
        from: request.from,
        to: request.to,
        timeout: request.timeoutSeconds,
        twiml: TEST_CALL_TWIML,
        ...(request.statusCallbackUrl ? { statusCallback: request.statusCallbackUrl, statusCallbackMethod: "POST", statusCallbackEvent: ["completed"] } : {}),
      });
      return { sid: call.sid };
    } catch (error) {
      throw toTelephonyProviderError(error, "test call");
    }
  }

  /**
   * A voicemail's audio: GET /2010-04-01/Accounts/{AccountSid}/Recordings/{RecordingSid}.wav with OUR credentials on
   * the subaccount's path (as every 2010 request of this adapter: Twilio lets a parent account reach its
   * subaccounts' resources). Undefined when Twilio no longer has it (404).
   */
  async fetchRecording(ref: RecordingRef): Promise<RecordingAudio | undefined> {
    const uri = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(ref.accountSid)}/Recordings/${encodeURIComponent(ref.recordingSid)}.wav`;
    let answer: Awaited<ReturnType<TwilioHttpClient["download"]>>;
    try {
      answer = await this.httpClient.download(uri, { username: this.options.accountSid, password: this.options.authToken });
    } catch (error) {
      throw toTelephonyProviderError(error, "recording fetch");
    }
    if (answer.statusCode === 404) return undefined;
    if (answer.statusCode < 200 || answer.statusCode >= 300) throw toTelephonyProviderError(restErrorOf(answer.statusCode, answer.body), "recording fetch");
    const type = answer.headers["content-type"];
    return { contentType: typeof type === "string" && type.startsWith("audio/") ? type.split(";")[0]!.trim() : "audio/wav", data: answer.body };
  }

  /** DELETE .../Recordings/{RecordingSid}.json through the SDK; one Twilio no longer has (20404) counts as deleted. */
  async deleteRecording(ref: RecordingRef): Promise<void> {
    try {
      await this.accountApi(ref.accountSid).recordings(ref.recordingSid).remove();
    } catch (error) {
      const mapped = toTelephonyProviderError(error, "recording delete");
      if (mapped.options.httpStatus === 404) return;
      throw mapped;
    }
  }

  /**
   * GET /2010-04-01/Accounts/{AccountSid}/Calls.json?To=&StartTime>= through the SDK (every page: `list` follows
   * next_page_uri), on the number's account with our credentials. Twilio documents the StartTime inequality at the
   * granularity of a date (calls on or after midnight of it), so the instant is applied again here; calls not started
   * yet (no start_time) are left out.
   */
  async listCalls(query: ListCallsQuery): Promise<ProviderCall[]> {
    try {
      const calls = await this.accountApi(query.accountSid).calls.list({ to: query.to, startTimeAfter: query.startedAfter, pageSize: LIST_PAGE_SIZE });
      const after = query.startedAfter.getTime();
      return calls
        .filter((call) => call.startTime instanceof Date && !Number.isNaN(call.startTime.getTime()) && call.startTime.getTime() >= after)
        .map((call) => ({
          sid: call.sid,
          from: call.from,
          to: call.to,
          status: call.status,
          direction: call.direction,
          startTime: call.startTime,
          ...(call.forwardedFrom ? { forwardedFrom: call.forwardedFrom } : {}),
        }));
    } catch (error) {
      throw toTelephonyProviderError(error, "call list");
    }
  }

  /**
   * GET /2010-04-01/Accounts/{AccountSid}/Messages.json?To=&DateSent>= (every page), keeping direction "inbound"
   * (the list has no direction filter: our replies to the number's callers are not sent *to* it, but a text the
   * number sent itself would be). The date filter is applied again by the instant, as for calls.
   */
  async listInboundMessages(query: ListInboundMessagesQuery): Promise<ProviderInboundMessage[]> {
    try {
      const messages = await this.accountApi(query.accountSid).messages.list({ to: query.to, dateSentAfter: query.sentAfter, pageSize: LIST_PAGE_SIZE });
      const after = query.sentAfter.getTime();
      return messages
        .filter((message) => message.direction === "inbound")
        .filter((message) => message.dateSent instanceof Date && !Number.isNaN(message.dateSent.getTime()) && message.dateSent.getTime() >= after)
        .map((message) => ({ sid: message.sid, from: message.from, to: message.to, body: message.body ?? "", dateSent: message.dateSent }));
    } catch (error) {
      throw toTelephonyProviderError(error, "inbound message list");
    }
  }

  async close(): Promise<void> {
    this.httpClient.destroy();
    this.lookupHttpClient.destroy();
  }
}
