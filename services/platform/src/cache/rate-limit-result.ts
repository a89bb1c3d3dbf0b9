import type { RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimitResult } from "./cache";

export function toResult(res: RateLimiterRes, allowed: boolean): RateLimitResult {
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    remaining: Math.max(0, res.remainingPoints),
  };
}
