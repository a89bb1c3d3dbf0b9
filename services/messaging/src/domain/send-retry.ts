// Which failed provider sends are retried. Pure: the sender retries with @rebound/platform's retry().
import type { TelephonyProviderError } from "@rebound/providers/telephony";

/** Twilio: the recipient replied STOP at the carrier level; never retried, recorded as an opt-out. */
export const UNSUBSCRIBED_RECIPIENT_CODE = "21610";

export function isCarrierOptOut(errorCode: string): boolean {
  return errorCode === UNSUBSCRIBED_RECIPIENT_CODE;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Half the wait is random, so the retries of a burst of failed sends spread out. */
export const SEND_RETRY_JITTER = 0.5;

export type SendFailure =
  | { type: "provider"; error: TelephonyProviderError }
  /** No answer from the provider (timeout, connection reset, a bug in the adapter). */
  | { type: "unknown"; message: string };

/** Transient failures are retried; the carrier's opt-out never is. */
export function isRetryable(failure: SendFailure): boolean {
  if (isCarrierOptOut(failureCode(failure))) return false;
  return failure.type === "unknown" || failure.error.retryable;
}

/**
 * Whether the provider may have accepted the message despite the failure: a timeout or a
 * 5xx. Before retrying such a send we ask the provider, so a retry never texts twice.
 */
export function mayHaveReachedProvider(failure: SendFailure): boolean {
  if (failure.type === "unknown") return true;
  const status = failure.error.options.httpStatus;
  return status === undefined || status >= 500;
}

export function failureCode(failure: SendFailure): string {
  return failure.type === "provider" ? (failure.error.code ?? "") : "";
}

export function failureMessage(failure: SendFailure): string {
  return failure.type === "provider" ? failure.error.message : failure.message;
}
