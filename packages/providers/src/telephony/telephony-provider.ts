/** A number the provider offers for purchase. */
export interface AvailableNumber {
  /** E.164. */
  phoneNumber: string;
  locality: string;
  region: string;
  capabilities: { voice: boolean; sms: boolean; mms: boolean };
}

export interface PurchasedNumber {
  phoneNumber: string;
  sid: string;
}

/** Where the provider sends webhooks for a purchased number (our gateway's public URLs). */
export interface NumberWebhooks {
  voiceUrl: string;
  smsUrl: string;
  statusCallbackUrl: string;
  /**
   * Called once when the voice URL fails (5xx, 4xx, connection refused, timeout: Twilio's VoiceFallbackUrl). Twilio
   * never retries the voice URL itself; without a fallback the caller hears "an application error has occurred".
   */
  voiceFallbackUrl?: string;
  /** The same for inbound texts (Twilio's SmsFallbackUrl). */
  smsFallbackUrl?: string;
}

export interface SendSmsRequest {
  from: string;
  to: string;
  body: string;
  statusCallbackUrl?: string;
  /** The business's subaccount that owns `from` (absent: the main account). */
  accountSid?: string;
  /** Sent through the business's messaging service (its registered campaign) when set. */
  messagingServiceSid?: string;
}

/** Which provider account a number belongs to: the business's subaccount, or the main account when absent. */
export interface AccountScope {
  accountSid?: string;
}

export interface SendSmsResult {
  sid: string;
  /** Provider status right after the send, e.g. queued. */
  status: string;
}

export interface TestCallRequest {
  /** Our test caller number. */
  from: string;
  /** The business phone whose forwarding is tested. */
  to: string;
  /** Seconds to ring before giving up (the business phone must forward before this). */
  timeoutSeconds: number;
  statusCallbackUrl?: string;
}

/** A recording at the provider (a voicemail): the account that holds it (a business's subaccount, or the main account) and its sid (RE...). */
export interface RecordingRef {
  accountSid: string;
  recordingSid: string;
}

/** A recording's audio, whole (a two-minute voicemail is about 2 MB as 8 kHz 16-bit WAV). */
export interface RecordingAudio {
  /** audio/wav (Twilio's .wav, the simulator's) or audio/mpeg. */
  contentType: string;
  data: Uint8Array;
}

/**
 * A call at the provider (Twilio's Call resource, GET /2010-04-01/Accounts/{AccountSid}/Calls.json), reduced to what
 * reconciliation needs. Kept by the provider whether or not our voice webhook answered it.
 */
export interface ProviderCall {
  /** CallSid (CA...). */
  sid: string;
  from: string;
  to: string;
  /** queued, ringing, in-progress, completed, busy, failed, no-answer, canceled. */
  status: string;
  /** inbound (a call to our number), outbound-api, outbound-dial. */
  direction: string;
  /** When the call started (Twilio's start_time); calls not started yet are never listed here. */
  startTime: Date;
  /** The number that forwarded the call, when the carrier says (Twilio's forwarded_from). */
  forwardedFrom?: string;
}

/** An inbound text at the provider (Twilio's Message resource with direction "inbound"). */
export interface ProviderInboundMessage {
  /** MessageSid (SM... or MM...). */
  sid: string;
  from: string;
  to: string;
  body: string;
  /** When the provider received it (Twilio's date_sent). */
  dateSent: Date;
}

export interface ListCallsQuery {
  /** E.164: calls made to this number. */
  to: string;
  /** Calls that started at or after this instant. */
  startedAfter: Date;
  /** The account that owns the number (a business's subaccount; absent: the main account). */
  accountSid?: string;
}

export interface ListInboundMessagesQuery {
  /** E.164: texts sent to this number. */
  to: string;
  /** Texts received at or after this instant. */
  sentAfter: Date;
  accountSid?: string;
}

/** A caller's line type (Twilio Lookup v2 line type intelligence, reduced to what the dispatch needs). */
export type LineType = "mobile" | "landline" | "voip" | "other";

/**
 * A provider failure. `code` is the provider's error code when it gave one
 * (Twilio: 21610 = the recipient unsubscribed, 21211 = invalid number, 20429 = too many requests).
 */
export class TelephonyProviderError extends Error {
  constructor(
    message: string,
    readonly options: { code?: string; httpStatus?: number; retryable: boolean; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = "TelephonyProviderError";
  }

  get code(): string | undefined {
    return this.options.code;
  }

  get retryable(): boolean {
    return this.options.retryable;
  }
}

/**
 * The telephony provider: Twilio in production, the built-in carrier simulator when
 * TWILIO_ACCOUNT_SID is unset. Business code only sees this interface.
 */
export interface TelephonyProvider {
  readonly kind: "twilio" | "simulator";
  searchLocalNumbers(areaCode: string, options?: { country?: string; limit?: number }): Promise<AvailableNumber[]>;
  purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks, scope?: AccountScope): Promise<PurchasedNumber>;
  releaseNumber(sid: string, scope?: AccountScope): Promise<void>;
  sendSms(request: SendSmsRequest): Promise<SendSmsResult>;
  /**
   * Finds a message already accepted by the provider (same from/to/body, sent after `since`):
   * used after a crash between the provider's acceptance and our record of it, so the
   * text is never sent twice.
   */
  findSentMessage(query: { from: string; to: string; body: string; since: Date; accountSid?: string }): Promise<SendSmsResult | undefined>;
  placeTestCall(request: TestCallRequest): Promise<{ sid: string }>;
  /**
   * The line type of an E.164 number (Twilio Lookup v2, line_type_intelligence); undefined when the
   * provider cannot tell. Bounded by the provider's lookup timeout: a slow answer is an error
   * (TelephonyProviderError), never a wait longer than the timeout.
   */
  lookupLineType(phoneNumber: string): Promise<LineType | undefined>;
  /**
   * A recording's audio (Twilio: GET /2010-04-01/Accounts/{AccountSid}/Recordings/{RecordingSid}.wav), or
   * undefined when the provider no longer has it (deleted, or not in that account). Optional: in-test
   * providers of the send path need not have it; telephony's audio route answers 503 without it.
   */
  fetchRecording?(ref: RecordingRef): Promise<RecordingAudio | undefined>;
  /**
   * Deletes a recording (Twilio: DELETE .../Recordings/{RecordingSid}.json); one the provider no longer has
   * counts as deleted. Optional like fetchRecording; telephony's retention job skips a provider without it.
   */
  deleteRecording?(ref: RecordingRef): Promise<void>;
  /**
   * The calls made to `to` that started at or after `startedAfter`, every page, newest first (Twilio:
   * GET .../Calls.json?To=&StartTime>=, which filters by date at its coarsest, so the adapter filters again by the
   * instant). Optional: reconciliation skips a provider without it.
   */
  listCalls?(query: ListCallsQuery): Promise<ProviderCall[]>;
  /**
   * The texts received by `to` at or after `sentAfter`, every page, newest first, inbound only (Twilio:
   * GET .../Messages.json?To=&DateSent>=, keeping direction "inbound"). Optional like listCalls.
   */
  listInboundMessages?(query: ListInboundMessagesQuery): Promise<ProviderInboundMessage[]>;
  /** Releases sockets and timers (keep-alive agents, pending simulated deliveries). */
  close?(): Promise<void>;
}
