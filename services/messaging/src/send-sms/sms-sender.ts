// Sends queued texts through the provider: per-sender rate, timeout, bounded retries with
// backoff, then the outcome recorded. A retry after an answer-less failure (timeout, 5xx),
// and every recovered send, first asks the provider whether it already has the text, so
// nothing is sent twice. Its provider calls and the recording of each acceptance are reported
// to the AcceptanceWaiters, where a status callback that raced them waits.
import { retry, type Logger } from "@rebound/platform";
import { TelephonyProviderError, type SendSmsResult, type TelephonyProvider } from "@rebound/providers/telephony";
import { failureCode, failureMessage, isRetryable, mayHaveReachedProvider, SEND_RETRY_JITTER, type RetryPolicy, type SendFailure } from "../domain/send-retry";
import type { SendOutcome, SmsToSend } from "../domain/send-outcome";
import { fromProviderStatus, type SmsStatusName } from "../domain/sms-status";
import type { SmsLogRepository } from "../store/sms-log.repository";
import type { AcceptanceWaiters } from "./acceptance-waiters";
import { SenderQueue } from "./sender-queue";

export interface SmsSenderOptions {
  messagesPerSecond: number;
  retry: RetryPolicy;
  timeoutMs: number;
  statusCallbackUrl: () => string;
}

/** Where a business's texts go out: its subaccount (absent: the main account) and its messaging service once set. */
export interface SenderAccount {
  accountSid?: string;
  messagingServiceSid?: string;
}

/** Only the keys that are set, so a business without an account sends exactly as before. */
function accountFields(account: SenderAccount): SenderAccount {
  return {
    ...(account.accountSid ? { accountSid: account.accountSid } : {}),
    ...(account.messagingServiceSid ? { messagingServiceSid: account.messagingServiceSid } : {}),
  };
}

export interface SmsSenderDeps {
  provider: TelephonyProvider;
  smsLogs: SmsLogRepository;
  logger: Logger;
  /** Commits a send's outcome (recordSendResult); false when the row was already finished. */
  recordResult: (outcome: SendOutcome) => Promise<boolean>;
  /** Resolves once every outcome handed to recordResult has committed. */
  resultsIdle: () => Promise<void>;
  /** Told of every provider call and acceptance being recorded (status callbacks wait there). */
  acceptances: AcceptanceWaiters;
  /** The provider account (and messaging service, once registered) a business's texts go out in. */
  senderAccountOf: (businessId: string) => SenderAccount;
  random?: () => number;
}

/** How far before a row's creation a provider's record of it may be dated (clock skew). */
const FIND_SKEW_MS = 60_000;

class SendTimeout extends Error {}
/** The sender stopped while a send waited for its next attempt: the row is recovered later. */
class SenderStopped extends Error {}

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
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly deps: SmsSenderDeps,
    private readonly options: SmsSenderOptions,
  ) {
    this.queue = new SenderQueue(options.messagesPerSecond, (error) => deps.logger.error({ err: error }, "sms send task failed unexpectedly"));
  }

  /** Queues a text; with `verifyFirst` the provider is asked whether it already has it. */
  enqueue(sms: SmsToSend, verifyFirst = false): void {
    if (this.stopped || this.inFlight.has(sms.id)) return;
    this.inFlight.add(sms.id);
    this.send(sms, verifyFirst).catch((error: unknown) => this.deps.logger.error({ err: error, smsId: sms.id }, "sms send task failed unexpectedly"));
  }

  isInFlight(smsId: string): boolean {
    return this.inFlight.has(smsId);
  }

  /** Texts queued here and not yet recorded as sent or failed (their rows' leases are ours). */
  inFlightIds(): string[] {
    return [...this.inFlight];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    await this.queue.stop();
    await this.deps.resultsIdle();
    const unsent = [...this.inFlight];
    await this.deps.smsLogs
      .releaseLeases(unsent)
      .catch((error: unknown) => this.deps.logger.warn({ err: error, unsent: unsent.length }, "releasing sms leases failed"));
  }

  /**
   * Each attempt waits for its sender's rate; transient failures are retried with backoff
   * (platform retry()), after asking the provider first when the failed attempt may have
   * reached it. The outcome is recorded once, unless the sender stopped meanwhile.
   */
  private async send(sms: SmsToSend, verifyFirst: boolean): Promise<void> {
    let verify = verifyFirst;
    let result: SendSmsResult;
    try {
      result = await retry(
        () => this.queue.run(sms.senderNumber, async () => (verify ? await this.findAlreadySent(sms) : undefined) ?? (await this.callProvider(sms))),
        {
          ...this.options.retry,
          jitter: SEND_RETRY_JITTER,
          random: this.deps.random,
          shouldRetry: (error) => !this.stopped && !(error instanceof SenderStopped) && isRetryable(toFailure(error)),
          onRetry: (error, attempt, delay) => {
            const failure = toFailure(error);
            verify = mayHaveReachedProvider(failure);
            this.deps.logger.warn({ smsId: sms.id, attempt, delay, error: failureMessage(failure) }, "sms send failed; retrying");
          },
          wait: (delayMs) => this.waitToRetry(delayMs),
        },
      );
    } catch (error) {
      if (this.stopped || error instanceof SenderStopped) return;
      await this.recordFailure(sms, toFailure(error));
      return;
    }
    const recording = this.deps.recordResult({ type: "accepted", sms, providerSid: result.sid, status: acceptedStatus(result.status) });
    this.deps.acceptances.acceptanceRecording(result.sid, recording);
    try {
      await recording;
    } catch (error) {
      // The provider has it; the row keeps its lease and recovery will find the text there.
      this.deps.logger.error({ err: error, smsId: sms.id, sid: result.sid }, "recording an accepted sms failed");
    } finally {
      this.inFlight.delete(sms.id);
    }
  }

  /** A retry's wait; stop() cancels it (the row keeps its lease until released, then recovery sends it). */
  private waitToRetry(delayMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stopped) return reject(new SenderStopped());
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        if (this.stopped) reject(new SenderStopped());
        else resolve();
      }, delayMs);
      this.retryTimers.add(timer);
    });
  }

  private async recordFailure(sms: SmsToSend, failure: SendFailure): Promise<void> {
    this.deps.logger.warn({ smsId: sms.id, error: failureMessage(failure) }, "sms send failed");
    try {
      await this.deps.recordResult({ type: "failed", sms, errorCode: failureCode(failure), errorMessage: failureMessage(failure) });
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
      ...accountFields(this.deps.senderAccountOf(sms.businessId)),
    });
    this.deps.acceptances.providerCallStarted(call);
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
    const { accountSid } = this.deps.senderAccountOf(sms.businessId);
    const found = await this.deps.provider.findSentMessage({
      from: sms.senderNumber,
      to: sms.recipientNumber,
      body: sms.message,
      since: new Date(sms.createdAt.getTime() - FIND_SKEW_MS),
      // The same account the text was sent in (messages live in the account that sent them).
      ...(accountSid ? { accountSid } : {}),
    });
    if (!found) return undefined;
    const owner = await this.deps.smsLogs.findBySid(found.sid);
    return owner && owner.id !== sms.id ? undefined : found;
  }
}
