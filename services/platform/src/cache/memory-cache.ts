import { RateLimiterMemory } from "rate-limiter-flexible";
import type { Cache, RateLimiter, RateLimiterFactory, RateLimiterOptions } from "./cache";
import { adaptRateLimiter } from "./rate-limiter-adapter";

export class MemoryCache implements Cache {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private read(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    // No await between the check and the write: concurrent callers cannot both win.
    if (this.read(key) !== undefined) return false;
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
    return true;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

export class MemoryRateLimiterFactory implements RateLimiterFactory {
  create(options: RateLimiterOptions): RateLimiter {
    const limiter = new RateLimiterMemory({
      keyPrefix: options.name,
      points: options.points,
      duration: options.durationSeconds,
      blockDuration: options.blockDurationSeconds ?? 0,
    });
    return adaptRateLimiter(limiter);
  }
}
