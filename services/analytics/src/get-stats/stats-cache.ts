import type { AnalyticsStatsResponse } from "@rebound/contracts/domain";

// Computed answers per business, in memory: the dashboard's reads cost no query until the
// business's projections change (or the entry's maximum age passes: writes of other replicas).
// Concurrent requests share one computation; a write drops the business's entries, including
// one still computing, so an answer read before a commit is never served after it.

interface Entry<T> {
  storedAt: number;
  value: Promise<T>;
}

export class StatsCache<T = AnalyticsStatsResponse> {
  private readonly entries = new Map<string, Map<string, Entry<T>>>();
  /** A user's business never changes once known. */
  private readonly businesses = new Map<string, string>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number,
  ) {}

  async get(businessId: string, variant: string, compute: () => Promise<T>): Promise<T> {
    const now = this.now();
    let variants = this.entries.get(businessId);
    const cached = variants?.get(variant);
    if (cached && now - cached.storedAt <= this.maxAgeMs) return cached.value;
    const value = compute();
    if (this.maxAgeMs > 0) {
      if (!variants) this.entries.set(businessId, (variants = new Map()));
      const entry: Entry<T> = { storedAt: now, value };
      variants.set(variant, entry);
      // invalidate() drops entries (even one still computing); a failed computation is dropped too.
      value.catch(() => {
        if (variants?.get(variant) === entry) variants.delete(variant);
      });
    }
    return value;
  }

  async businessOfUser(userId: string, find: () => Promise<string | null>): Promise<string | null> {
    const known = this.businesses.get(userId);
    if (known) return known;
    const found = await find();
    if (found) this.businesses.set(userId, found);
    return found;
  }

  /** The businesses' projections changed: their answers are recomputed on the next read. */
  invalidate(businessIds: Iterable<string>): void {
    for (const businessId of businessIds) {
      this.entries.delete(businessId);
    }
  }
}
