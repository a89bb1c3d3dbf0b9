import type { Logger } from "@rebound/platform";
import { isE164 } from "@rebound/contracts/domain";
import {
  TelephonyProviderError,
  type AvailableNumber,
  type LineType,
  type NumberWebhooks,
  type PurchasedNumber,
  type SendSmsRequest,
  type SendSmsResult,
  type TelephonyProvider,
  type TestCallRequest,
} from "@rebound/platform/telephony";
import type { CarrierJournal, JournalEntry } from "./carrier-journal";
import { CarrierState, type SimulatedMessage } from "./carrier-state";
import { SmsDelivery } from "./sms-delivery";
import { simulatedNumbers } from "./simulated-numbers";
import { simulatorSid } from "./simulator-sid";
import { SimulatedPhones } from "./simulated-phones";
import { WebhookSender } from "./webhook-sender";

export interface CarrierSimulatorOptions {
  authToken: string;
  /** Our gateway's public URL; a function when it is only known after the server started (tests on port 0). */
  publicBaseUrl: string | (() => string);
  journal: CarrierJournal;
  logger: Logger;
  /** Ms between the status callbacks of a message. */
  deliveryStepMs?: number;
  /** Texts to numbers ending with this fail (undelivered, 30003). */
  failingSuffix?: string;
}

/** Numbers ending in this are landlines to the simulator's line type lookups. */
export const SIMULATED_LANDLINE_SUFFIX = "1111";

const clientError = (message: string, code: string, httpStatus = 400) => new TelephonyProviderError(message, { code, httpStatus, retryable: false });

/**
 * The built-in carrier, active whenever TWILIO_ACCOUNT_SID is unset: invented
 * numbers, remembered purchases, SMS "delivered" through our own signed status
 * callbacks, and calls placed through our own signed voice webhook (see
 * SimulatedPhones). Everything it receives goes to its journal before it answers.
 */
export class CarrierSimulator implements TelephonyProvider {
  readonly kind = "simulator" as const;
  readonly accountSid = `AC${"5".repeat(32)}`;
  readonly state = new CarrierState();
  readonly phones: SimulatedPhones;
  private readonly delivery: SmsDelivery;
  private readonly sender: WebhookSender;
  private readonly stepMs: number;
  private readonly failingSuffix: string;
  private closed = false;

  constructor(private readonly options: CarrierSimulatorOptions) {
    this.sender = new WebhookSender(options.authToken);
    this.stepMs = options.deliveryStepMs ?? 5;
    this.failingSuffix = options.failingSuffix ?? "0000";
    for (const entry of options.journal.readAll()) this.state.apply(entry);
    this.phones = new SimulatedPhones(this, this.sender, options.logger);
    this.delivery = new SmsDelivery(this, this.sender, options.logger);
    // Deliveries a restart interrupted go on once the process is serving again.
    setTimeout(() => this.delivery.resume(), 1_000).unref();
  }

  get publicBaseUrl(): string {
    const base = this.options.publicBaseUrl;
    return (typeof base === "function" ? base() : base).replace(/\/$/, "");
  }

  get authToken(): string {
    return this.options.authToken;
  }

  get deliveryStepMs(): number {
    return this.stepMs;
  }

  get failingNumberSuffix(): string {
    return this.failingSuffix;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Journal first (durable), then memory. */
  record(entry: JournalEntry): void {
    this.options.journal.append(entry);
    this.state.apply(entry);
  }

  async searchLocalNumbers(areaCode: string, options: { country?: string; limit?: number } = {}): Promise<AvailableNumber[]> {
    const taken = new Set(this.state.activeNumberList().map((number) => number.phoneNumber));
    return simulatedNumbers(areaCode, options.limit ?? 20, taken);
  }

  async purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<PurchasedNumber> {
    if (!isE164(phoneNumber)) throw clientError(`PhoneNumber ${phoneNumber} is invalid`, "21421");
    if (this.state.activeNumber(phoneNumber)) throw clientError("PhoneNumber requested is not available", "21422");
    const sid = simulatorSid("PN");
    this.record({ t: "purchase", sid, phoneNumber, ...webhooks, at: Date.now() });
    return { phoneNumber, sid };
  }

  async releaseNumber(sid: string): Promise<void> {
    const number = this.state.numberBySid(sid);
    if (!number || number.released) throw clientError(`The requested resource IncomingPhoneNumbers/${sid} was not found`, "20404", 404);
    this.record({ t: "release", sid, at: Date.now() });
  }

  async sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
    const createdAt = Date.now();
    if (!isE164(request.to)) throw clientError(`The 'To' number ${request.to} is not a valid phone number.`, "21211");
    if (!request.body) throw clientError("Message body is required", "21602");
    if (this.state.isOptedOut(request.from, request.to)) throw clientError("Attempt to send to unsubscribed recipient", "21610");
    const sid = simulatorSid("SM");
    this.record({
      t: "message",
      sid,
      from: request.from,
      to: request.to,
      body: request.body,
      status: "queued",
      createdAt,
      ...(request.statusCallbackUrl ? { statusCallback: request.statusCallbackUrl } : {}),
    });
    void this.delivery.deliver(sid);
    return { sid, status: "queued" };
  }

  async findSentMessage(query: { from: string; to: string; body: string; since: Date }): Promise<SendSmsResult | undefined> {
    const since = query.since.getTime();
    const match = this.state.messages
      .filter((message) => message.from === query.from && message.to === query.to && message.body === query.body)
      .filter((message) => message.createdAt >= since)
      .at(-1);
    return match ? { sid: match.sid, status: match.status } : undefined;
  }

  async placeTestCall(request: TestCallRequest): Promise<{ sid: string }> {
    if (!isE164(request.to)) throw clientError(`The phone number you are attempting to call, ${request.to}, is not valid.`, "13224");
    return this.phones.placeTestCall(request);
  }

  /** Line type lookups: numbers ending in 1111 are landlines, every other valid number a mobile. */
  async lookupLineType(phoneNumber: string): Promise<LineType | undefined> {
    if (!isE164(phoneNumber)) return undefined;
    return phoneNumber.endsWith(SIMULATED_LANDLINE_SUFFIX) ? "landline" : "mobile";
  }

  /** What the carrier received from us, newest first; only texts to `to` when given. */
  listMessages(to?: string): SimulatedMessage[] {
    return this.state.messages.filter((message) => !to || message.to === to).reverse();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.options.journal.close();
  }

  delay(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms).unref());
  }
}
