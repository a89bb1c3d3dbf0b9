import { setTimeout as sleep } from "node:timers/promises";
import type { Cache, RateLimiterFactory } from "@rebound/platform";

/** Behaviour every Cache and RateLimiterFactory adapter shares (memory, Redis). */
export function describeCacheContract(name: string, setup: () => Promise<{ cache: Cache; limiters: RateLimiterFactory; close(): Promise<void> }>) {
  describe(`${name} cache and rate limiter`, () => {
    let adapters: Awaited<ReturnType<typeof setup>>;
    const unique = () => `k-${process.pid}-${Math.random().toString(36).slice(2)}`;

    beforeAll(async () => {
      adapters = await setup();
    });
    afterAll(() => adapters.close());

    it("lets a claim be taken again once deleted", async () => {
      const key = unique();
      expect(await adapters.cache.setIfAbsent(key, "v1", 10)).toBe(true);
      expect(await adapters.cache.setIfAbsent(key, "v2", 10)).toBe(false);
      await adapters.cache.delete(key);
      expect(await adapters.cache.setIfAbsent(key, "v3", 10)).toBe(true);
    });

    it("lets a claim be taken again after its time to live", async () => {
      const key = unique();
      expect(await adapters.cache.setIfAbsent(key, "v", 1)).toBe(true);
      expect(await adapters.cache.setIfAbsent(key, "v", 1)).toBe(false);
      await sleep(1100);
      expect(await adapters.cache.setIfAbsent(key, "v", 1)).toBe(true);
    });

    it("lets only the first setIfAbsent win", async () => {
      const key = unique();
      const results = await Promise.all([1, 2, 3].map((n) => adapters.cache.setIfAbsent(key, String(n), 10)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("allows the configured points, then blocks with a retry-after, and resets", async () => {
      const limiter = adapters.limiters.create({ name: unique(), points: 3, durationSeconds: 60, blockDurationSeconds: 120 });
      const key = unique();
      for (let i = 0; i < 3; i++) expect((await limiter.consume(key)).allowed).toBe(true);
      const blocked = await limiter.consume(key);
      expect(blocked.allowed).toBe(false);
      expect(blocked.retryAfterSeconds).toBeGreaterThan(60);
      await limiter.reset(key);
      expect((await limiter.consume(key)).allowed).toBe(true);
    });

    it("keeps separate budgets per key", async () => {
      const limiter = adapters.limiters.create({ name: unique(), points: 1, durationSeconds: 60 });
      expect((await limiter.consume("a")).allowed).toBe(true);
      expect((await limiter.consume("b")).allowed).toBe(true);
      expect((await limiter.consume("a")).allowed).toBe(false);
    });
  });
}
