// The one retry loop: exponential backoff (optionally jittered), bounded or not, with the
// caller deciding which errors are worth another attempt and how to wait between attempts.
// Every retry in the code base goes through it (bus handlers, Kafka records, SMS sends).
import { setTimeout as sleep } from "node:timers/promises";

export interface Backoff {
  /** The wait after the first failed attempt; it doubles after each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * Share of the wait drawn at random, 0 (none, the default) to 1 (full jitter): the wait is
   * in [ceiling * (1 - jitter), ceiling], so retries of many callers spread out.
   */
  jitter?: number;
}

/** The wait after failed attempt `attempt` (1-based). `random` is in [0, 1). */
export function backoffDelay(backoff: Backoff, attempt: number, random: number = Math.random()): number {
  const ceiling = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** Math.min(Math.max(0, attempt - 1), 30));
  const jitter = backoff.jitter ?? 0;
  return Math.round(ceiling * (1 - jitter) + ceiling * jitter * random);
}

export interface RetryOptions extends Backoff {
  /** Attempts in all, the first included (Infinity: until `shouldRetry` refuses). */
  maxAttempts: number;
  /** False stops retrying and rethrows `error` (default: every error is retried). */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Called before each wait (logging). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** How to wait (default a timer); may throw to give up (shutdown). */
  wait?: (delayMs: number) => Promise<void>;
  random?: () => number;
}

/** Runs `attempt` until it resolves, then returns its value; rethrows the last error once retrying stops. */
export async function retry<T>(attempt: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= options.maxAttempts || (options.shouldRetry && !options.shouldRetry(error, n))) throw error;
      const delayMs = backoffDelay(options, n, (options.random ?? Math.random)());
      options.onRetry?.(error, n, delayMs);
      await (options.wait ?? sleep)(delayMs);
    }
  }
}
