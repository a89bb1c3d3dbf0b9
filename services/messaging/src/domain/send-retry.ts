// How a failed provider send is retried. Pure: the caller sleeps and calls the provider.
import type { TelephonyProviderError } from "@rebound/platform";

/** Twilio: the recipient replied STOP at the carrier level; never retried, recorded as an opt-out. */
export const UNSUBSCRIBED_RECIPIENT_CODE = "21610";

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Exponential backoff with full jitter: `random` in [0, 1). */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

export type SendFailure =
  | { type: "provider"; error: TelephonyProviderError }
  /** No answer from the provider (timeout, connection reset, a bug in the adapter). */
  | { type: "unknown"; message: string };

export function isRetryable(failure: SendFailure): boolean {
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
