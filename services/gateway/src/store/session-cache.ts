// Sessions read by this process, kept for a moment: express-session reads the session row and
// writes its expiry on every signed-in request, and on standalone's one PGlite connection those
// two round trips queued behind each other (200 concurrent dashboard reads: p50 ~230 ms each).
//
// Correctness: every change this process makes (sign-in, sign-out, password change, reset,
// e-mail change, pruning) drops the affected entries after it commits, and a read that was in
// flight across such a change is not cached (generation check). Another gateway replica's
// changes show after at most `maxAgeMs` (SESSION_CACHE_MS). Expiry is still checked on every read by the store.

export interface CachedSession {
  sess: unknown;
  expire: Date;
}

interface Entry {
  /** The row's JSON as text: express-session mutates the object it is handed, so each read gets its own copy. */
  json: string;
  expire: Date;
  userId: string | undefined;
  storedAt: number;
}

/** How long the gateway reuses a session read: the bound on how late another replica's sign-out shows here. */
export const SESSION_CACHE_MS = 1_000;

/** Moving a session's stored expiry by less than this is skipped (sessions live days; the expiry lags by at most this). */
export const SESSION_TOUCH_AFTER_MS = 60_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<{ json: string; expire: Date } | null>>();
  private generation = 0;

  constructor(
    /** 0 turns the cache off. */
    private readonly maxAgeMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly maxEntries = 10_000,
  ) {}

  get(sid: string): CachedSession | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.maxAgeMs) {
      this.entries.delete(sid);
      return undefined;
    }
    return { sess: JSON.parse(entry.json) as unknown, expire: entry.expire };
  }

  /**
   * Reads a row through the cache. Concurrent reads of one session share one query (when an entry
   * ages out under load, one query instead of one per waiting request); each gets its own copy.
   * What was read while a change committed is not kept.
   */
  async read(sid: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    const cached = this.get(sid);
    if (cached) return cached;
    if (this.maxAgeMs <= 0) return load();
    let pending = this.loading.get(sid);
    if (!pending) {
      const generation = this.generation;
      pending = load().then((row) => {
        if (!row) return null;
        const read = { json: JSON.stringify(row.sess), expire: row.expire };
        if (generation === this.generation) this.put(sid, read, row.sess);
        return read;
      });
      const settled = () => {
        if (this.loading.get(sid) === pending) this.loading.delete(sid);
      };
      pending.then(settled, settled);
      this.loading.set(sid, pending);
    }
    const row = await pending;
    return row && { sess: JSON.parse(row.json) as unknown, expire: row.expire };
  }

  /** Whether writing `expire` would move the stored expiry by at least SESSION_TOUCH_AFTER_MS (or it is not known). */
  needsTouch(sid: string, expire: Date): boolean {
    const entry = this.entries.get(sid);
    return !entry || expire.getTime() - entry.expire.getTime() >= SESSION_TOUCH_AFTER_MS;
  }

  /** The stored expiry was written. */
  touched(sid: string, expire: Date): void {
    const entry = this.entries.get(sid);
    if (entry) entry.expire = expire;
  }

  /** A session was written or deleted (call after the change commits). */
  drop(sid: string): void {
    this.generation++;
    this.entries.delete(sid);
    this.loading.delete(sid);
  }

  /** A user's sessions changed (password change or reset, e-mail change); `keepSid` is left alone when given. */
  dropUser(userId: string, keepSid?: string): void {
    this.generation++;
    for (const [sid, entry] of this.entries) {
      if (entry.userId === userId && sid !== keepSid) this.entries.delete(sid);
    }
    this.loading.clear();
  }

  /** Any number of sessions changed. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  private put(sid: string, row: { json: string; expire: Date }, sess: unknown): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const userId = (sess as { userId?: unknown } | null)?.userId;
    this.entries.set(sid, {
      json: row.json,
      expire: row.expire,
      userId: typeof userId === "string" ? userId : undefined,
      storedAt: this.now(),
    });
  }
}
