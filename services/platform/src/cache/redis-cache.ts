import { createClient } from "redis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { Cache, RateLimiter, RateLimiterFactory, RateLimiterOptions } from "./cache";
import { adaptRateLimiter } from "./rate-limiter-adapter";

export type RedisClient = ReturnType<typeof createClient>;

export async function connectRedis(url: string): Promise<RedisClient> {
  const client = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 3_000) } });
  client.on("error", () => undefined); // reconnects on its own; readiness reports the outage
  await client.connect();
  return client;
}

/** Whether a Redis client answers now (for /readyz): connected and answering PING; while reconnecting, false at once (commands would wait in the offline queue). */
export async function redisIsReady(client: RedisClient): Promise<boolean> {
  if (!client.isReady) return false;
  return (await client.ping()) === "PONG";
}

export class RedisCache implements Cache {
  /** Whether this process has used the cache: only then does its readiness depend on Redis. */
  used = false;

  constructor(
    private readonly client: RedisClient,
    private readonly prefix = "rebound:",
  ) {}

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    this.used = true;
    return (await this.client.set(this.prefix + key, value, { NX: true, EX: ttlSeconds })) === "OK";
  }

  async delete(key: string): Promise<void> {
    this.used = true;
    await this.client.del(this.prefix + key);
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.quit();
  }
}

export class RedisRateLimiterFactory implements RateLimiterFactory {
  /** Whether this process created a limiter: only then does its readiness depend on Redis. */
  used = false;

  constructor(private readonly client: RedisClient) {}

  create(options: RateLimiterOptions): RateLimiter {
    this.used = true;
    const limiter = new RateLimiterRedis({
      storeClient: this.client,
      useRedisPackage: true,
      keyPrefix: `rebound:rl:${options.name}`,
      points: options.points,
      duration: options.durationSeconds,
      blockDuration: options.blockDurationSeconds ?? 0,
    });
    return adaptRateLimiter(limiter);
  }
}
