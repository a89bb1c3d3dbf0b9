import { describeCacheContract } from "@rebound/testing/cache";
import { MemoryCache, MemoryRateLimiterFactory } from "./memory-cache";

describeCacheContract("memory", async () => ({
  cache: new MemoryCache(),
  limiters: new MemoryRateLimiterFactory(),
  close: async () => undefined,
}));
