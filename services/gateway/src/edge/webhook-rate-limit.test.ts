import { AppError, createSilentLogger, type RateLimiter } from "@rebound/platform";
import type { Request, Response } from "express";
import { DEFAULT_RATE_LIMITS, limitWebhooksBy, rateLimitSetting, WEBHOOK_LIMIT_BUDGET_MS } from "./rate-limits";

const limiter = (consume: RateLimiter["consume"]): RateLimiter => ({ consume, reset: async () => undefined, peek: async () => 0 });
const req = { path: "/webhooks/twilio/voice" } as Request;
const res = { getHeader: (name: string) => (name === "x-request-id" ? "req-7" : undefined) } as unknown as Response;

async function run(consume: RateLimiter["consume"], warned: unknown[] = []): Promise<{ next: boolean; error?: unknown }> {
  const logger = createSilentLogger();
  logger.warn = ((line: unknown) => void warned.push(line)) as typeof logger.warn;
  const middleware = limitWebhooksBy(() => [[limiter(consume), "203.0.113.7"]], logger);
  let next = false;
  try {
    await middleware(req, res, () => {
      next = true;
    });
    return { next };
  } catch (error) {
    return { next, error };
  }
}

describe("the webhook rate limit (fails open)", () => {
  it("given the store answers within the limit, then the webhook goes on", async () => {
    expect(await run(async () => ({ allowed: true, retryAfterSeconds: 0, remaining: 10 }))).toEqual({ next: true });
  });

  it("given a flood the store refuses, then 429 (RATE_LIMITED), not let through", async () => {
    const outcome = await run(async () => ({ allowed: false, retryAfterSeconds: 30, remaining: 0 }));
    expect(outcome.next).toBe(false);
    expect(outcome.error).toBeInstanceOf(AppError);
  });

  it("given the store fails (Redis connection reset), then the webhook goes on", async () => {
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    const warned: unknown[] = [];
    expect(await run(() => Promise.reject(reset), warned)).toEqual({ next: true });
    expect(warned).toEqual([expect.objectContaining({ err: reset, requestId: "req-7", path: "/webhooks/twilio/voice" })]);
  });

  it("given the store hangs (Redis offline queue), then the webhook goes on after the budget", async () => {
    const started = Date.now();
    expect(await run(() => new Promise(() => undefined))).toEqual({ next: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(WEBHOOK_LIMIT_BUDGET_MS - 20);
  });
});

describe("a limit's setting", () => {
  it("is the default without an override, the override with it, counted where the default is unless the override says", () => {
    expect(rateLimitSetting("webhookIp")).toEqual(DEFAULT_RATE_LIMITS.webhookIp);
    expect(rateLimitSetting("webhookIp", { webhookIp: { points: 3, durationSeconds: 60 } })).toEqual({ points: 3, durationSeconds: 60, perReplica: true });
    expect(rateLimitSetting("webhookIp", { webhookIp: { points: 3, durationSeconds: 60, perReplica: false } }).perReplica).toBe(false);
    expect(rateLimitSetting("loginIp", { webhookIp: { points: 3, durationSeconds: 60 } })).toEqual({ ...DEFAULT_RATE_LIMITS.loginIp, perReplica: undefined });
  });
});
