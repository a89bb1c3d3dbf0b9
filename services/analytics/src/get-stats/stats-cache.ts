import type { PreparedStats } from "./get-stats.use-case";

// Computed answers per business, in memory: the dashboard's reads cost no query until the
// business's projections change (or the entry's maximum age passes: writes of other replicas).
// Concurrent requests share one computation; a write drops the business's entries, including
// one still computing, so an answer read before a commit is never served after it.
//
// An answer past its age (and not dropped by a write) is recomputed in the background and still
// served until the new one is ready, for at most STATS_STALE_FACTOR x the age: no request waits on
// the refresh (under load, one recomputation a second held all 200 concurrent requests for
// 100-500 ms). Another replica's writes show after ~the age, at most 3 x.

/** An answer past its age still answers while it is recomputed, up to this many times that age. */
export const STATS_STALE_FACTOR = 3;

interface Entry<T> {
  storedAt: number;
  value: Promise<T>;
  /** The value once computed, for reads that need not wait. */
  settled?: { value: T };
  refreshing: boolean;
}

export class StatsCache<T = PreparedStats> {
  private readonly entries = new Map<string, Map<string, Entry<T>>>();
  /** A user's business never changes once known. */
  private readonly businesses = new Map<string, string>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number,
  ) {}

  async get(businessId: string, variant: string, compute: () => Promise<T>): Promise<T> {
    const now = this.now();
    const cached = this.entries.get(businessId)?.get(variant);
    if (cached) {
      const age = now - cached.storedAt;
      if (age <= this.maxAgeMs) return cached.value;
      if (age <= this.maxAgeMs * STATS_STALE_FACTOR) {
        if (!cached.refreshing) this.refresh(businessId, variant, cached, compute);
        return cached.value;
      }
    }
    return this.store(businessId, variant, now, compute());
  }

  /** The answer, without waiting, when one is computed and fresh (no older than the age); else undefined. */
  peek(businessId: string, variant: string): T | undefined {
    const cached = this.entries.get(businessId)?.get(variant);
    if (!cached?.settled || this.now() - cached.storedAt > this.maxAgeMs) return undefined;
    return cached.settled.value;
  }

  /** The user's business when already known (never changes once known). */
  knownBusinessOf(userId: string): string | undefined {
    return this.businesses.get(userId);
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

  private store(businessId: string, variant: string, storedAt: number, value: Promise<T>): Promise<T> {
    if (this.maxAgeMs <= 0) return value;
    let variants = this.entries.get(businessId);
    if (!variants) this.entries.set(businessId, (variants = new Map()));
    const entry: Entry<T> = { storedAt, value, refreshing: false };
    variants.set(variant, entry);
    value.then(
      (settled) => (entry.settled = { value: settled }),
      () => undefined,
    );
    // invalidate() drops entries (even one still computing); a failed computation is dropped too.
    value.catch(() => {
      if (this.entries.get(businessId)?.get(variant) === entry) this.entries.get(businessId)?.delete(variant);
    });
    return value;
  }

  /** Recomputes a stale answer; the new one replaces it only if no write dropped it meanwhile. */
  private refresh(businessId: string, variant: string, stale: Entry<T>, compute: () => Promise<T>): void {
    stale.refreshing = true;
    const startedAt = this.now();
    const value = compute();
    value.then(
      (settled) => {
        const variants = this.entries.get(businessId);
        if (variants?.get(variant) === stale) variants.set(variant, { storedAt: startedAt, value, settled: { value: settled }, refreshing: false });
      },
      () => {
        stale.refreshing = false; // the next request past the age tries again; the stale answer still ages out
      },
    );
  }
}
