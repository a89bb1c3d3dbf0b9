import { describeIf } from "@rebound/testing";
import { describeCacheContract } from "@rebound/testing/cache";
import { connectRedis, RedisCache, RedisRateLimiterFactory } from "./redis-cache";

const redisUrl = process.env.REDIS_URL;

describeIf(Boolean(redisUrl), "set REDIS_URL to run it; .ci/run does")("Redis adapters", () => {
  describeCacheContract("redis", async () => {
    const client = await connectRedis(redisUrl as string);
    const cache = new RedisCache(client, `rebound-test-${process.pid}:`);
    return { cache, limiters: new RedisRateLimiterFactory(client), close: () => cache.close() };
  });
});
