import type { Request, RequestHandler } from "express";
import { AppError, MemoryRateLimiterFactory, requestIdOf, type Logger, type RateLimiter, type RateLimiterFactory } from "@rebound/platform";

export interface RateLimitSetting {
  points: number;
  durationSeconds: number;
  /** Once exhausted, blocked this long: the backoff. */
  blockDurationSeconds?: number;
  /**
   * Counted in this replica's memory, not the shared store: for a guard of the replica itself (a flood
   * costs the replica that takes it), with no store round trip on the path it guards.
   */
  perReplica?: boolean;
}

export type RateLimitName =
  | "loginEmail"
  | "loginEmailIp"
  | "loginBackoff"
  | "loginIp"
  | "register"
  | "forgotPasswordIp"
  | "forgotPasswordEmail"
  | "resendVerification"
  | "webhookIp"
  | "paymentSetupIp"
  | "cardConfirmIp";

/**
 * Password checks (password-checks.ts): per (account, address) 10 in 15 minutes, then that
 * address is locked out of the account for 15 minutes; per account 10 in 15 minutes from
 * anywhere, then one every 5 seconds (a back-off, never a lock-out of the owner); per IP
 * the budget is larger (offices share an address) and the block longer.
 */
export const DEFAULT_RATE_LIMITS: Record<RateLimitName, RateLimitSetting> = {
  loginEmailIp: { points: 10, durationSeconds: 15 * 60, blockDurationSeconds: 15 * 60 },
  loginEmail: { points: 10, durationSeconds: 15 * 60 },
  loginBackoff: { points: 1, durationSeconds: 5 },
  loginIp: { points: 100, durationSeconds: 15 * 60, blockDurationSeconds: 60 * 60 },
  register: { points: 10, durationSeconds: 60 * 60 },
  forgotPasswordIp: { points: 20, durationSeconds: 60 * 60 },
  forgotPasswordEmail: { points: 3, durationSeconds: 60 * 60 },
  resendVerification: { points: 3, durationSeconds: 15 * 60 },
  // Signed webhooks from Twilio arrive from a few IPs at the pace of every business's calls: this only stops
  // floods, per replica (a shared count cost a Redis round trip on each of a missed call's four webhooks).
  webhookIp: { points: 30_000, durationSeconds: 60, perReplica: true },
  // Public billing setup: the sign-up page asks once per load, and a card form confirms once per card typed.
  paymentSetupIp: { points: 20, durationSeconds: 10 * 60 },
  cardConfirmIp: { points: 20, durationSeconds: 10 * 60 },
};

export type RateLimiters = Record<RateLimitName, RateLimiter>;

/** A limit's setting: the override when given (counted where the default is unless it says), else the default. */
export function rateLimitSetting(name: RateLimitName, overrides: Partial<Record<RateLimitName, RateLimitSetting>> = {}): RateLimitSetting {
  const defaults = DEFAULT_RATE_LIMITS[name];
  return { perReplica: defaults.perReplica, ...(overrides[name] ?? defaults) };
}

export function createRateLimiters(
  factory: RateLimiterFactory,
  overrides: Partial<Record<RateLimitName, RateLimitSetting>> = {},
  prefix = "gateway",
): RateLimiters {
  const inMemory = new MemoryRateLimiterFactory();
  const entries = (Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]).map((name) => {
    const { perReplica, ...setting } = rateLimitSetting(name, overrides);
    return [name, (perReplica ? inMemory : factory).create({ name: `${prefix}:${name}`, ...setting })] as const;
  });
  return Object.fromEntries(entries) as RateLimiters;
}

export const TOO_MANY_REQUESTS = "Too many attempts. Please try again later.";

/** Consumes one point from every (limiter, key) pair; refused when any is exhausted, waiting for the longest. */
export async function enforce(checks: [RateLimiter, string][]): Promise<void> {
  const results = await Promise.all(checks.map(([limiter, key]) => limiter.consume(key)));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return;
  const retryAfterSeconds = Math.max(...refused.map((result) => result.retryAfterSeconds));
  throw new AppError("RATE_LIMITED", TOO_MANY_REQUESTS, { retryAfterSeconds });
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/** Lower-cased e-mail from the body, the key of per-account limits (any string: validation comes later). */
export function bodyEmail(req: Request): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : undefined;
}

export function limitBy(key: (req: Request) => [RateLimiter, string | undefined][]): RequestHandler {
  return async (req, res, next) => {
    const checks = key(req).filter((check): check is [RateLimiter, string] => check[1] !== undefined);
    await enforce(checks);
    next();
  };
}

/** How long a provider's webhook waits for the rate limiter's store (Redis) before it is let through. */
export const WEBHOOK_LIMIT_BUDGET_MS = 1_000;

/**
 * The webhook flood limit, failing open: a provider's webhook is signed (checked next) and is never
 * retried, so when the limiter's store is away or slow (webhookIp counts in memory by default; a shared
 * store such as Redis can be), the webhook goes through (logged)
 * instead of answering 500 (a caller would hear Twilio's "application error", an opt-out could be lost).
 * A real flood is still refused while the store answers.
 */
export function limitWebhooksBy(key: (req: Request) => [RateLimiter, string | undefined][], logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const checks = key(req).filter((check): check is [RateLimiter, string] => check[1] !== undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), WEBHOOK_LIMIT_BUDGET_MS);
    });
    try {
      const outcome = await Promise.race([enforce(checks), late]);
      if (outcome === "late") logger.warn({ requestId: requestIdOf(res), path: req.path }, "webhook rate limit store slow; webhook let through");
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.warn({ err: error, requestId: requestIdOf(res), path: req.path }, "webhook rate limit store unavailable; webhook let through");
    } finally {
      clearTimeout(timer);
    }
    next();
  };
}
