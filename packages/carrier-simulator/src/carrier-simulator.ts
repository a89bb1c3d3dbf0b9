import { randomBytes } from "node:crypto";
import { systemClock, type Clock, type Logger } from "@rebound/platform";
import { isE164 } from "@rebound/contracts/domain";
import {
  TelephonyProviderError,
  type AccountScope,
  type AvailableNumber,
  type BusinessProfile,
  type CampaignRequest,
  type CampaignSnapshot,
  type LineType,
  type ListCallsQuery,
  type ListInboundMessagesQuery,
  type NumberWebhooks,
  type ProviderCall,
  type ProviderInboundMessage,
  type ProviderAccount,
  type PurchasedNumber,
  type RecordingAudio,
  type RecordingRef,
  type SendSmsRequest,
  type SendSmsResult,
  type SubmittedProfile,
  type TelephonyProvider,
  type TestCallRequest,
  type TextingRegistrationProvider,
} from "@rebound/providers/telephony";
import { A2P_VERIFICATION_SENDER, A2P_VERIFICATION_TEXT, type BrandRecord } from "./a2p/a2p-records";
import { scopeAccount, senderRefusal, type A2pTimings, type RegistrationView, type Refusal, type Ruling } from "./a2p/a2p-rules";
import { a2pSnapshot, type A2pSnapshot } from "./a2p/a2p-snapshot";
import { brandSnapshot, campaignSnapshot, type SimulatedBrandSnapshot } from "./a2p/a2p-status";
import { answerVerification, dueVerificationTexts, findBrand, nextDueAt, registerBrand, requestVerificationText, submitProfile } from "./a2p/brand-rules";
import { addNumber, carrierBlockCode, createService, findCampaign, submitCampaign } from "./a2p/campaign-rules";
import type { CarrierJournal, JournalEntry } from "./carrier-journal";
import { CarrierState, type SimulatedMessage, type SimulatedRecording } from "./carrier-state";
import { SmsDelivery } from "./sms-delivery";
import { simulatedNumbers } from "./simulated-numbers";
import { simulatorSid } from "./simulator-sid";
import { SimulatedPhones } from "./simulated-phones";
import { simulatedWav } from "./simulated-recording";
import { WebhookSender } from "./webhook-sender";

export interface CarrierSimulatorOptions {
  authToken: string;
  /** Our gateway's public URL; a function when it is only known after the server started (tests on port 0). */
  publicBaseUrl: string | (() => string);
  journal: CarrierJournal;
  logger: Logger;
  /** Ms between the status callbacks of a message. */
  deliveryStepMs?: number;
  /**
   * Where webhooks for PUBLIC_BASE_URL are sent when that address does not lead to us from where the simulator
   * runs (a container: the gateway's service address). They stay signed for PUBLIC_BASE_URL, as Twilio's are
   * when they reach it through the internet and an ingress.
   */
  webhookOrigin?: string;
  /** Texts to numbers ending with this fail (undelivered, 30003). */
  failingSuffix?: string;
  /** The time every timestamp and derived registration status is read from (default: the system clock). */
  clock?: Clock;
  /** Ms from a brand registration to its verdict (PENDING, then IN_REVIEW, then APPROVED or FAILED). */
  a2pBrandApprovalMs?: number;
  /** Ms from a campaign submission to its verdict (IN_PROGRESS, then VERIFIED or FAILED). */
  a2pCampaignApprovalMs?: number;
  /**
   * US carriers' 10DLC rule: a text from a US number to a US recipient that is not sent from a
   * number in a messaging service with a VERIFIED campaign ends undelivered with 30034. On by
   * default, as carriers do; false (SIMULATOR_A2P_ENFORCEMENT=false) delivers such texts.
   */
  a2pEnforcement?: boolean;
}

/**
 * The registration options' defaults, for composition roots (SIMULATOR_A2P_BRAND_APPROVAL_MS,
 * SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS, SIMULATOR_A2P_ENFORCEMENT): a fresh `npm start` reaches an
 * approved campaign in seconds.
 */
export const SIMULATOR_A2P_DEFAULTS = { a2pBrandApprovalMs: 3_000, a2pCampaignApprovalMs: 5_000, a2pEnforcement: true } as const;

/** What runDue() did: the verification texts that became due and were sent. */
export interface A2pDueResult {
  verificationTexts: { brandSid: string; to: string; messageSid: string }[];
}

/** setTimeout's longest delay; a due instant further away is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Numbers ending in this are landlines to the simulator's line type lookups. */
export const SIMULATED_LANDLINE_SUFFIX = "1111";

const clientError = (message: string, code: string, httpStatus = 400) => new TelephonyProviderError(message, { code, httpStatus, retryable: false });
const refusalError = (refusal: Refusal) =>
  new TelephonyProviderError(refusal.message, { ...(refusal.code ? { code: refusal.code } : {}), httpStatus: refusal.httpStatus, retryable: false });

/** The ruling's value, or Twilio's refusal thrown as a provider error. */
function ruled<T>(ruling: Ruling<T>): T {
  if (!ruling.ok) throw refusalError(ruling.refusal);
  return ruling.value;
}

/**
 * The built-in carrier, active whenever TWILIO_ACCOUNT_SID is unset: invented
 * numbers, remembered purchases, SMS "delivered" through our own signed status
 * callbacks, and calls placed through our own signed voice webhook (see
 * SimulatedPhones). Everything it receives goes to its journal before it answers.
 *
 * It is also Twilio's US texting registration (A2P 10DLC): subaccounts (whose numbers' webhooks
 * are signed with their own token), TrustHub profiles, brands, the sole proprietor's YES
 * verification, messaging services and campaigns, by the rules in ./a2p (docs/texting-registration.md C8).
 */
export class CarrierSimulator implements TelephonyProvider, TextingRegistrationProvider {
  readonly kind = "simulator" as const;
  readonly accountSid = `AC${"5".repeat(32)}`;
  readonly state = new CarrierState();
  readonly phones: SimulatedPhones;
  private readonly delivery: SmsDelivery;
  private readonly sender: WebhookSender;
  private readonly stepMs: number;
  private readonly failingSuffix: string;
  private readonly clock: Clock;
  private readonly timings: A2pTimings;
  private readonly enforcement: boolean;
  private dueTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: CarrierSimulatorOptions) {
    this.sender = new WebhookSender(options.authToken, undefined, (url) => this.reachableUrl(url));
    this.stepMs = options.deliveryStepMs ?? 5;
    this.failingSuffix = options.failingSuffix ?? "0000";
    this.clock = options.clock ?? systemClock;
    this.timings = {
      brandApprovalMs: options.a2pBrandApprovalMs ?? SIMULATOR_A2P_DEFAULTS.a2pBrandApprovalMs,
      campaignApprovalMs: options.a2pCampaignApprovalMs ?? SIMULATOR_A2P_DEFAULTS.a2pCampaignApprovalMs,
    };
    this.enforcement = options.a2pEnforcement ?? SIMULATOR_A2P_DEFAULTS.a2pEnforcement;
    for (const entry of options.journal.readAll()) this.state.apply(entry);
    this.phones = new SimulatedPhones(this, this.sender, options.logger);
    this.delivery = new SmsDelivery(this, this.sender, options.logger);
    // Deliveries a restart interrupted go on once the process is serving again.
    setTimeout(() => this.delivery.resume(), 1_000).unref();
    // Verification texts that fell due while it was stopped go out now, the next ones on time.
    this.scheduleDue();
  }

  get publicBaseUrl(): string {
    const base = this.options.publicBaseUrl;
    return (typeof base === "function" ? base() : base).replace(/\/$/, "");
  }

  /** The address a webhook for `url` is sent to (webhookOrigin in place of PUBLIC_BASE_URL's origin). */
  private reachableUrl(url: string): string {
    const origin = this.options.webhookOrigin?.replace(/\/$/, "");
    if (!origin) return url;
    const publicOrigin = new URL(this.publicBaseUrl).origin;
    return url.startsWith(`${publicOrigin}/`) ? `${origin}${url.slice(publicOrigin.length)}` : url;
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

  /** Epoch ms on the simulator's clock. */
  now(): number {
    return this.clock.now().getTime();
  }

  /** Whether texts from unregistered US numbers to US recipients end undelivered (30034). */
  get a2pEnforcement(): boolean {
    return this.enforcement;
  }

  /** What the registration rules read: records, numbers and the main account. */
  get view(): RegistrationView {
    const state = this.state;
    return {
      a2p: state.a2p,
      main: { accountSid: this.accountSid, authToken: this.options.authToken },
      numberBySid: (sid) => state.numberBySid(sid),
      activeNumber: (phoneNumber) => state.activeNumber(phoneNumber),
    };
  }

  /** An account's sid and token (its webhooks are signed with it); the main account's when absent or unknown. */
  credentialsOf(accountSid: string | undefined): ProviderAccount {
    const account = accountSid ? this.state.a2p.accounts.get(accountSid) : undefined;
    return account ? { accountSid: account.sid, authToken: account.authToken } : { accountSid: this.accountSid, authToken: this.options.authToken };
  }

  /** The account owning an active number (the main account for numbers it bought or never sold). */
  ownerOf(phoneNumber: string): ProviderAccount {
    return this.credentialsOf(this.state.activeNumber(phoneNumber)?.accountSid);
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

  async purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks, scope: AccountScope = {}): Promise<PurchasedNumber> {
    const accountSid = ruled(scopeAccount(this.view, scope.accountSid, "IncomingPhoneNumbers.json"));
    if (!isE164(phoneNumber)) throw clientError(`PhoneNumber ${phoneNumber} is invalid`, "21421");
    if (this.state.activeNumber(phoneNumber)) throw clientError("PhoneNumber requested is not available", "21422");
    const sid = simulatorSid("PN");
    this.record({ t: "purchase", sid, phoneNumber, ...webhooks, at: this.now(), ...(accountSid ? { accountSid } : {}) });
    return { phoneNumber, sid };
  }

  /** Releases a number of the scope's account; another account's number is not found (20404), as at Twilio. */
  async releaseNumber(sid: string, scope: AccountScope = {}): Promise<void> {
    const accountSid = ruled(scopeAccount(this.view, scope.accountSid, `IncomingPhoneNumbers/${sid}.json`));
    const number = this.state.numberBySid(sid);
    if (!number || number.released || number.accountSid !== accountSid) {
      throw clientError(`The requested resource IncomingPhoneNumbers/${sid} was not found`, "20404", 404);
    }
    this.record({ t: "release", sid, at: this.now() });
  }

  async sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
    const createdAt = this.now();
    const accountSid = ruled(senderRefusal(this.view, request));
    if (!isE164(request.to)) throw clientError(`The 'To' number ${request.to} is not a valid phone number.`, "21211");
    if (!request.body) throw clientError("Message body is required", "21602");
    if (this.state.isOptedOut(request.from, request.to)) throw clientError("Attempt to send to unsubscribed recipient", "21610");
    const sid = simulatorSid("SM");
    // Accepted like Twilio does: "accepted" through a messaging service, else "queued" (no callback for
    // this first status); the carrier's verdict shows in the status callbacks.
    const status = request.messagingServiceSid ? "accepted" : "queued";
    const carrierErrorCode = this.carrierBlockCode(request.from, request.to, createdAt);
    // A message's StatusCallback overrides its messaging service's.
    const service = request.messagingServiceSid ? this.state.a2p.services.get(request.messagingServiceSid) : undefined;
    const statusCallback = request.statusCallbackUrl || service?.statusCallbackUrl;
    this.record({
      t: "message",
      sid,
      from: request.from,
      to: request.to,
      body: request.body,
      status,
      createdAt,
      ...(statusCallback ? { statusCallback } : {}),
      ...(accountSid ? { accountSid } : {}),
      ...(request.messagingServiceSid ? { messagingServiceSid: request.messagingServiceSid } : {}),
      ...(carrierErrorCode ? { carrierErrorCode } : {}),
    });
    void this.delivery.deliver(sid);
    return { sid, status };
  }

  /** Messages of the query's account only (absent: the main account's). */
  async findSentMessage(query: { from: string; to: string; body: string; since: Date; accountSid?: string }): Promise<SendSmsResult | undefined> {
    const accountSid = ruled(scopeAccount(this.view, query.accountSid, "Messages.json"));
    const since = query.since.getTime();
    const match = this.state.messages
      .filter((message) => message.from === query.from && message.to === query.to && message.body === query.body)
      .filter((message) => message.accountSid === accountSid && message.createdAt >= since)
      .at(-1);
    return match ? { sid: match.sid, status: match.status } : undefined;
  }

  /** The error a text from `from` to `to` ends with at the carrier (30034 when enforced), else undefined. */
  carrierBlockCode(from: string, to: string, at: number = this.now()): number | undefined {
    return this.enforcement ? carrierBlockCode(this.view, { from, to }, at) : undefined;
  }

  /**
   * A text the network delivers at once without a status callback: a TwiML reply, or a text from
   * Twilio itself (the verification text). Replies from unregistered US numbers are blocked like
   * any other text (30034 when enforced).
   */
  recordImmediateText(text: { from: string; to: string; body: string; direction?: "outbound-reply"; accountSid?: string }): string {
    const sid = simulatorSid("SM");
    const createdAt = this.now();
    const blocked = text.direction === "outbound-reply" ? this.carrierBlockCode(text.from, text.to, createdAt) : undefined;
    this.record({
      t: "message",
      sid,
      from: text.from,
      to: text.to,
      body: text.body,
      status: "queued",
      createdAt,
      ...(text.direction ? { direction: text.direction } : {}),
      ...(text.accountSid && text.accountSid !== this.accountSid ? { accountSid: text.accountSid } : {}),
      ...(blocked ? { carrierErrorCode: blocked } : {}),
    });
    this.record(blocked ? { t: "status", sid, status: "undelivered", errorCode: blocked } : { t: "status", sid, status: "delivered" });
    return sid;
  }

  // --- US texting registration (TextingRegistrationProvider) ---

  async createSubaccount(friendlyName: string): Promise<ProviderAccount> {
    const account = { accountSid: simulatorSid("AC"), authToken: randomBytes(16).toString("hex") };
    this.record({ t: "account", sid: account.accountSid, authToken: account.authToken, friendlyName, at: this.now() });
    return account;
  }

  async submitBusinessProfile(
    account: ProviderAccount,
    profile: BusinessProfile,
    options: { friendlyName: string; notificationEmail: string },
  ): Promise<SubmittedProfile> {
    const entry = ruled(
      submitProfile(this.view, { account, profile, ...options, customerProfileSid: simulatorSid("BU"), trustProductSid: simulatorSid("BU") }, this.now()),
    );
    this.record(entry);
    return { customerProfileSid: entry.customerProfileSid, trustProductSid: entry.trustProductSid };
  }

  async createBrand(account: ProviderAccount, request: { kind: BusinessProfile["kind"]; profile: SubmittedProfile }): Promise<SimulatedBrandSnapshot> {
    const now = this.now();
    const entry = ruled(registerBrand(this.view, { account, ...request, sid: simulatorSid("BN") }, now, this.timings));
    this.record(entry);
    this.scheduleDue();
    return brandSnapshot(this.brandRecord(entry.sid), now);
  }

  async fetchBrand(account: ProviderAccount, brandSid: string): Promise<SimulatedBrandSnapshot> {
    return brandSnapshot(ruled(findBrand(this.view, account, brandSid)), this.now());
  }

  async resendBrandVerification(account: ProviderAccount, brandSid: string): Promise<void> {
    const brand = ruled(requestVerificationText(this.view, account, brandSid, this.now()));
    this.sendVerificationText(brand, brand.mobilePhone);
  }

  async createMessagingService(
    account: ProviderAccount,
    request: { friendlyName: string; inboundRequestUrl: string; statusCallbackUrl: string },
  ): Promise<{ sid: string }> {
    const entry = ruled(createService(this.view, { account, ...request, sid: simulatorSid("MG") }, this.now()));
    this.record(entry);
    return { sid: entry.sid };
  }

  async addNumberToService(account: ProviderAccount, messagingServiceSid: string, phoneNumberSid: string): Promise<void> {
    this.record(ruled(addNumber(this.view, { account, messagingServiceSid, phoneNumberSid }, this.now())));
  }

  async createCampaign(account: ProviderAccount, request: CampaignRequest): Promise<CampaignSnapshot> {
    const now = this.now();
    const entry = ruled(submitCampaign(this.view, { account, request, sid: simulatorSid("QE") }, now, this.timings));
    this.record(entry);
    return campaignSnapshot(ruled(findCampaign(this.view, account, entry.messagingServiceSid, entry.sid)), now);
  }

  async fetchCampaign(account: ProviderAccount, messagingServiceSid: string, campaignSid: string): Promise<CampaignSnapshot> {
    return campaignSnapshot(ruled(findCampaign(this.view, account, messagingServiceSid, campaignSid)), this.now());
  }

  /**
   * Sends what became due on the simulator's clock: the first verification text of each sole
   * proprietor brand that reached APPROVED. A timer calls it at the next due instant; tests move
   * their clock and call it.
   */
  runDue(): A2pDueResult {
    const result: A2pDueResult = { verificationTexts: [] };
    if (this.closed) return result;
    for (const brand of dueVerificationTexts(this.view, this.now())) {
      const to = brand.mobilePhone as string;
      result.verificationTexts.push({ brandSid: brand.sid, to, messageSid: this.sendVerificationText(brand, to) });
    }
    this.scheduleDue();
    return result;
  }

  /** The owner texts +1 (915) 278-2000 (the verification number): YES in time verifies their brand. */
  receiveVerificationReply(sms: { from: string; body: string }): { replies: string[] } {
    const answer = answerVerification(this.view, sms, this.now());
    if (answer.verified) this.record(answer.verified);
    if (!answer.reply) return { replies: [] };
    this.recordImmediateText({ from: A2P_VERIFICATION_SENDER, to: sms.from, body: answer.reply });
    return { replies: [answer.reply] };
  }

  /** Accounts, profiles, brands, services and campaigns with their statuses now (GET /dev/simulator/a2p). */
  a2pSnapshot(): A2pSnapshot {
    return a2pSnapshot(this.view, this.now());
  }

  private brandRecord(sid: string): BrandRecord {
    const brand = this.state.a2p.brands.get(sid);
    if (!brand) throw new Error(`brand ${sid} was just recorded`);
    return brand;
  }

  /** Twilio's verification text to the owner's mobile (visible in the phone inbox); restarts the 24 hours. */
  private sendVerificationText(brand: BrandRecord, to: string): string {
    const messageSid = this.recordImmediateText({ from: A2P_VERIFICATION_SENDER, to, body: A2P_VERIFICATION_TEXT });
    this.record({ t: "otp", brandSid: brand.sid, to, messageSid, sentAt: this.now() });
    return messageSid;
  }

  /** One timer at the next due instant (real time until the clock reaches it). */
  private scheduleDue(): void {
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueTimer = undefined;
    if (this.closed) return;
    const now = this.now();
    const next = dueVerificationTexts(this.view, now).length > 0 ? now : nextDueAt(this.view, now);
    if (next === undefined) return;
    this.dueTimer = setTimeout(
      () => {
        this.dueTimer = undefined;
        this.runDue();
      },
      Math.min(Math.max(next - now, 0), MAX_TIMER_MS),
    );
    this.dueTimer.unref();
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

  /**
   * A voicemail's audio (a generated WAV of its length), only in the account that holds it and until it is
   * deleted; undefined otherwise, as Twilio answers 404.
   */
  async fetchRecording(ref: RecordingRef): Promise<RecordingAudio | undefined> {
    const recording = this.liveRecording(ref);
    return recording ? { contentType: "audio/wav", data: simulatedWav(recording.seconds) } : undefined;
  }

  /** Deletes a voicemail of the account; one already gone (or another account's) is left as it is. */
  async deleteRecording(ref: RecordingRef): Promise<void> {
    const recording = this.liveRecording(ref);
    if (recording) this.record({ t: "recording-deleted", sid: recording.sid, at: this.now() });
  }

  /** The voicemails simulated callers left, newest first (deleted ones with deletedAt). */
  listRecordings(): SimulatedRecording[] {
    return this.state.recordings().reverse();
  }

  private liveRecording(ref: RecordingRef): SimulatedRecording | undefined {
    const recording = this.state.recording(ref.recordingSid);
    return recording && recording.accountSid === ref.accountSid && recording.deletedAt === undefined ? recording : undefined;
  }

  /**
   * The calls placed to `to` in the query's account that started at or after `startedAfter`, newest first, as
   * Twilio's Calls list answers them: every call, whether our voice webhook answered it or not.
   */
  async listCalls(query: ListCallsQuery): Promise<ProviderCall[]> {
    const accountSid = ruled(scopeAccount(this.view, query.accountSid, "Calls.json"));
    const after = query.startedAfter.getTime();
    return this.state.calls
      .filter((call) => call.to === query.to && call.accountSid === accountSid && call.startedAt >= after)
      .reverse()
      .map((call) => ({
        sid: call.sid,
        from: call.from,
        to: call.to,
        status: call.status,
        direction: call.direction,
        startTime: new Date(call.startedAt),
        ...(call.forwardedFrom ? { forwardedFrom: call.forwardedFrom } : {}),
      }));
  }

  /** The texts received by `to` in the query's account at or after `sentAfter`, newest first (Twilio's inbound Messages). */
  async listInboundMessages(query: ListInboundMessagesQuery): Promise<ProviderInboundMessage[]> {
    const accountSid = ruled(scopeAccount(this.view, query.accountSid, "Messages.json"));
    const after = query.sentAfter.getTime();
    return this.state.inboundMessages
      .filter((message) => message.to === query.to && message.accountSid === accountSid && message.receivedAt >= after)
      .reverse()
      .map((message) => ({ sid: message.sid, from: message.from, to: message.to, body: message.body, dateSent: new Date(message.receivedAt) }));
  }

  /** What the carrier received from us, newest first; only texts to `to` when given. */
  listMessages(to?: string): SimulatedMessage[] {
    return this.state.messages.filter((message) => !to || message.to === to).reverse();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueTimer = undefined;
    this.options.journal.close();
  }

  delay(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms).unref());
  }
}
