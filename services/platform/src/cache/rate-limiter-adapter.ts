import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { RateLimiter, RateLimitResult } from "./cache";

function toResult(res: RateLimiterRes, allowed: boolean): RateLimitResult {
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    remaining: Math.max(0, res.remainingPoints),
  };
}

/** Our RateLimiter over one of rate-limiter-flexible's (memory or Redis): a refusal is a result, not a rejection. */
export function adaptRateLimiter(limiter: RateLimiterAbstract): RateLimiter {
  return {
    consume: (key, points = 1) =>
      limiter.consume(key, points).then(
        (res) => toResult(res, true),
        (rejection: unknown) => {
          if (rejection instanceof RateLimiterRes) return toResult(rejection, false);
          throw rejection;
        },
      ),
    reset: async (key) => {
      await limiter.delete(key);
    },
    peek: async (key) => (await limiter.get(key))?.consumedPoints ?? 0,
  };
}
