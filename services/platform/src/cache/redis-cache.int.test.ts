import { describeCacheContract } from "./cache.contract";
import { connectRedis, RedisCache, RedisRateLimiterFactory } from "./redis-cache";

const redisUrl = process.env.REDIS_URL;

if (redisUrl) {
  describeCacheContract("redis", async () => {
    const client = await connectRedis(redisUrl);
    const cache = new RedisCache(client, `rebound-test-${process.pid}:`);
    return { cache, limiters: new RedisRateLimiterFactory(client), close: () => cache.close() };
  });
} else {
  it("runs the Redis cache contract only when REDIS_URL is set (.ci/run sets it)", () => {
    expect(process.env.REDIS_URL).toBeUndefined();
  });
}
