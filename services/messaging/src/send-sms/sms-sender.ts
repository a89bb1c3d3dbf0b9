// Sends queued texts through the provider: per-sender rate, timeout, bounded retries with
// backoff, then the outcome recorded. A retry after an answer-less failure (timeout, 5xx),
// and every recovered send, first asks the provider whether it already has the text, so
// nothing is sent twice.
import { setTimeout as sleep } from "node:timers/promises";
import { TelephonyProviderError, type Logger, type SendSmsResult, type TelephonyProvider } from "@rebound/platform";
import {
  backoffDelay,
  failureCode,
  failureMessage,
  isRetryable,
  mayHaveReachedProvider,
  UNSUBSCRIBED_RECIPIENT_CODE,
  type RetryPolicy,
  type SendFailure,
} from "../domain/send-retry";
import { fromProviderStatus, type SmsStatusName } from "../domain/sms-status";
import type { MessagingDb } from "../store/messaging-db";
import type { SmsLogRepository, SmsToSend } from "../store/sms-log.repository";
import type { SendResultRecorder } from "./send-result.recorder";
import { SenderQueue } from "./sender-queue";

export interface SmsSenderOptions {
  messagesPerSecond: number;
  retry: RetryPolicy;
  timeoutMs: number;
  statusCallbackUrl: () => string;
}

export interface SmsSenderDeps {
  provider: TelephonyProvider;
  recorder: SendResultRecorder;
  smsLogs: SmsLogRepository;
  db: MessagingDb;
  logger: Logger;
  random?: () => number;
}

/** How far before a row's creation a provider's record of it may be dated (clock skew). */
const FIND_SKEW_MS = 60_000;

class SendTimeout extends Error {}

/** Provider status right after acceptance onto ours: at least `sent` (accepted). */
function acceptedStatus(providerStatus: string): SmsStatusName {
  const status = fromProviderStatus(providerStatus);
  return status === undefined || status === "queued" || status === "sending" ? "sent" : status;
}

function toFailure(error: unknown): SendFailure {
  if (error instanceof TelephonyProviderError) return { type: "provider", error };
  return { type: "unknown", message: error instanceof Error ? error.message : String(error) };
}

export class SmsSender {
  private readonly queue: SenderQueue;
  private readonly inFlight = new Set<string>();
  private readonly recordingSids = new Map<string, Promise<unknown>>();
  private readonly providerCalls = new Set<Promise<unknown>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly deps: SmsSenderDeps,
    private readonly options: SmsSenderOptions,
  ) {
    this.queue = new SenderQueue(options.messagesPerSecond, (error) =>
      deps.logger.error({ err: error }, "sms send task failed unexpectedly"),
    );
  }

  /** Queues a text; with `verifyFirst` the provider is asked whether it already has it. */
  enqueue(sms: SmsToSend, verifyFirst = false): void {
    if (this.stopped || this.inFlight.has(sms.id)) return;
    this.inFlight.add(sms.id);
    this.schedule(sms, 1, verifyFirst);
  }

  isInFlight(smsId: string): boolean {
    return this.inFlight.has(smsId);
  }

  /** Texts queued here and not yet recorded as sent or failed (their rows' leases are ours). */
  inFlightIds(): string[] {
    return [...this.inFlight];
  }

  /**
   * Waits (bounded) until a status callback's sid can be found: its acceptance may still be
   * being recorded, or the provider may call back before its send request even returned.
   */
  async settle(providerSid: string, maxWaitMs = 3_000): Promise<void> {
    const timeout = sleep(maxWaitMs);
    if (!this.recordingSids.has(providerSid) && this.providerCalls.size > 0) {
      await Promise.race([Promise.allSettled([...this.providerCalls]), timeout]);
    }
    const recording = this.recordingSids.get(providerSid);
    if (recording) await Promise.race([recording.catch(() => undefined), timeout]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    await this.queue.stop();
    await this.deps.recorder.idle();
    const unsent = [...this.inFlight];
    await this.deps.smsLogs
      .releaseLeases(this.deps.db.client, unsent)
      .catch((error: unknown) => this.deps.logger.warn({ err: error, unsent: unsent.length }, "releasing sms leases failed"));
  }

  private schedule(sms: SmsToSend, attempt: number, verifyFirst: boolean): void {
    this.queue.push(sms.senderNumber, () => this.attempt(sms, attempt, verifyFirst));
  }

  private async attempt(sms: SmsToSend, attempt: number, verifyFirst: boolean): Promise<void> {
    let result: SendSmsResult;
    try {
      result = (verifyFirst ? await this.findAlreadySent(sms) : undefined) ?? (await this.callProvider(sms));
    } catch (error) {
      await this.handleFailure(sms, attempt, toFailure(error));
      return;
    }
    const recording = this.deps.recorder.record({
      type: "accepted",
      sms,
      providerSid: result.sid,
      status: acceptedStatus(result.status),
    });
    this.recordingSids.set(result.sid, recording);
    try {
      await recording;
    } catch (error) {
      // The provider has it; the row keeps its lease and recovery will find the text there.
      this.deps.logger.error({ err: error, smsId: sms.id, sid: result.sid }, "recording an accepted sms failed");
    } finally {
      this.recordingSids.delete(result.sid);
      this.inFlight.delete(sms.id);
    }
  }

  private async handleFailure(sms: SmsToSend, attempt: number, failure: SendFailure): Promise<void> {
    const optedOut = failureCode(failure) === UNSUBSCRIBED_RECIPIENT_CODE;
    if (!optedOut && isRetryable(failure) && attempt < this.options.retry.maxAttempts && !this.stopped) {
      const delay = backoffDelay(this.options.retry, attempt, (this.deps.random ?? Math.random)());
      this.deps.logger.warn({ smsId: sms.id, attempt, delay, error: failureMessage(failure) }, "sms send failed; retrying");
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        this.schedule(sms, attempt + 1, mayHaveReachedProvider(failure));
      }, delay);
      this.retryTimers.add(timer);
      return;
    }
    if (this.stopped) return;
    this.deps.logger.warn({ smsId: sms.id, attempt, error: failureMessage(failure) }, "sms send failed");
    try {
      await this.deps.recorder.record({
        type: "failed",
        sms,
        errorCode: failureCode(failure),
        errorMessage: failureMessage(failure),
      });
    } catch (error) {
      this.deps.logger.error({ err: error, smsId: sms.id }, "recording a failed sms failed");
    } finally {
      this.inFlight.delete(sms.id);
    }
  }

  private async callProvider(sms: SmsToSend): Promise<SendSmsResult> {
    const call = this.deps.provider.sendSms({
      from: sms.senderNumber,
      to: sms.recipientNumber,
      body: sms.message,
      statusCallbackUrl: this.options.statusCallbackUrl(),
    });
    this.providerCalls.add(call);
    const forget = () => this.providerCalls.delete(call);
    call.then(forget, forget);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SendTimeout(`no answer from the provider in ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    });
    try {
      return await Promise.race([call, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The provider's record of this very text, unless that message is already another row's. */
  private async findAlreadySent(sms: SmsToSend): Promise<SendSmsResult | undefined> {
    const found = await this.deps.provider.findSentMessage({
      from: sms.senderNumber,
      to: sms.recipientNumber,
      body: sms.message,
      since: new Date(sms.createdAt.getTime() - FIND_SKEW_MS),
    });
    if (!found) return undefined;
    const owner = await this.deps.smsLogs.findBySid(this.deps.db.client, found.sid);
    return owner && owner.id !== sms.id ? undefined : found;
  }
}
