/** A small key-value store with expiry for "first one wins" claims: memory in standalone, Redis when REDIS_URL is set. */
export interface Cache {
  /** Sets only when absent; true when this call set it (a cheap distributed "first one wins"). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Whole seconds until the next attempt is allowed (0 when allowed). */
  retryAfterSeconds: number;
  remaining: number;
}

export interface RateLimiter {
  consume(key: string, points?: number): Promise<RateLimitResult>;
  /** Forgets a key, e.g. after a successful login. */
  reset(key: string): Promise<void>;
  /** Points consumed by the key in the current window, without consuming (0 when none). */
  peek(key: string): Promise<number>;
}

export interface RateLimiterOptions {
  /** Unique per limiter, e.g. `login-ip`. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Once exhausted, blocked this long (a backoff longer than the window). */
  blockDurationSeconds?: number;
}

export interface RateLimiterFactory {
  create(options: RateLimiterOptions): RateLimiter;
}
