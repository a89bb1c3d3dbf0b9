import twilio from "twilio";
import type {
  AvailableNumber,
  NumberWebhooks,
  PurchasedNumber,
  SendSmsRequest,
  SendSmsResult,
  TelephonyProvider,
  TestCallRequest,
} from "../telephony-provider";
import { toTelephonyProviderError } from "./twilio-errors";
import { TwilioHttpClient } from "./twilio-http-client";

export interface TwilioProviderOptions {
  accountSid: string;
  authToken: string;
  timeoutMs: number;
  /** Tests and fakes: where the SDK's requests go instead of api.twilio.com. */
  apiBaseUrl?: string;
}

/** Spoken to whoever picks up our forwarding test call instead of forwarding it. */
const TEST_CALL_TWIML =
  "<Response><Say>This is a Rebound call forwarding test. You can hang up now.</Say><Hangup/></Response>";

/** Twilio answers `capabilities` as {voice, SMS, MMS}; the SDK's typings say lower case. */
function capability(capabilities: unknown, name: "voice" | "sms" | "mms"): boolean {
  if (typeof capabilities !== "object" || capabilities === null) return false;
  const record = capabilities as Record<string, unknown>;
  return record[name] === true || record[name.toUpperCase()] === true;
}

/** The Twilio adapter, through the official SDK (keep-alive, timeout, mapped errors). */
export class TwilioTelephonyProvider implements TelephonyProvider {
  readonly kind = "twilio" as const;
  private readonly httpClient: TwilioHttpClient;
  private readonly client: twilio.Twilio;

  constructor(private readonly options: TwilioProviderOptions) {
    this.httpClient = new TwilioHttpClient({ timeoutMs: options.timeoutMs, baseUrl: options.apiBaseUrl });
    this.client = twilio(options.accountSid, options.authToken, { httpClient: this.httpClient });
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

  async purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<PurchasedNumber> {
    try {
      const number = await this.client.incomingPhoneNumbers.create({
        phoneNumber,
        voiceUrl: webhooks.voiceUrl,
        voiceMethod: "POST",
        smsUrl: webhooks.smsUrl,
        smsMethod: "POST",
        statusCallback: webhooks.statusCallbackUrl,
        statusCallbackMethod: "POST",
      });
      return { phoneNumber: number.phoneNumber, sid: number.sid };
    } catch (error) {
      throw toTelephonyProviderError(error, "number purchase");
    }
  }

  async releaseNumber(sid: string): Promise<void> {
    try {
      await this.client.incomingPhoneNumbers(sid).remove();
    } catch (error) {
      throw toTelephonyProviderError(error, "number release");
    }
  }

  async sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
    try {
      const message = await this.client.messages.create({
        from: request.from,
        to: request.to,
        body: request.body,
        ...(request.statusCallbackUrl ? { statusCallback: request.statusCallbackUrl } : {}),
      });
      return { sid: message.sid, status: message.status };
    } catch (error) {
      throw toTelephonyProviderError(error, "SMS send");
    }
  }

  async findSentMessage(query: { from: string; to: string; body: string; since: Date }): Promise<SendSmsResult | undefined> {
    try {
      const messages = await this.client.messages.list({
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
        ...(request.statusCallbackUrl
          ? { statusCallback: request.statusCallbackUrl, statusCallbackMethod: "POST", statusCallbackEvent: ["completed"] }
          : {}),
      });
      return { sid: call.sid };
    } catch (error) {
      throw toTelephonyProviderError(error, "test call");
    }
  }

  validateWebhook(signature: string | undefined, url: string, params: Record<string, string>): boolean {
    if (!signature) return false;
    return twilio.validateRequest(this.options.authToken, signature, url, params);
  }

  async close(): Promise<void> {
    this.httpClient.destroy();
  }
}
