// Sessions read by this process, kept for a moment: the session middleware reads the session row and
// writes its expiry on every signed-in request, and on standalone's one PGlite connection those
// two round trips queued behind each other (200 concurrent dashboard reads: p50 ~230 ms each).
//
// Correctness: every change this process makes (sign-in, sign-out, password change, reset,
// e-mail change, pruning) drops the affected entries after it commits, and a read that was in
// flight across such a change is not cached (generation check). A read older than `maxAgeMs`
// (SESSION_CACHE_MS) is read again in the background and answers until that read returns, for
// at most SESSION_STALE_FACTOR x `maxAgeMs` (so no request waits on the refresh: under load one
// re-read every second stalled all 200 requests for 100-500 ms). Another gateway replica's
// changes therefore show here after ~`maxAgeMs`, at most 3 x. Expiry is checked on every read by the store.

export interface CachedSession {
  sess: unknown;
  expire: Date;
}

interface Entry {
  /** The row's JSON, deeply frozen: every read shares it. */
  sess: unknown;
  expire: Date;
  userId: string | undefined;
  storedAt: number;
}

/** How long the gateway reuses a session read: the bound on how late another replica's sign-out shows here. */
export const SESSION_CACHE_MS = 1_000;

/** A read older than SESSION_CACHE_MS still answers while it is being read again, up to this many times that age. */
export const SESSION_STALE_FACTOR = 3;

/** Moving a session's stored expiry by less than this is skipped (sessions live days; the expiry lags by at most this). */
export const SESSION_TOUCH_AFTER_MS = 60_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedSession | null>>();
  private readonly touching = new Set<string>();
  private generation = 0;

  constructor(
    /** 0 turns the cache off. */
    private readonly maxAgeMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached read of `sid` while it is fresh (no older than `maxAgeMs`). */
  get(sid: string): CachedSession | undefined {
    const entry = this.entries.get(sid);
    if (!entry || this.now() - entry.storedAt > this.maxAgeMs) return undefined;
    return copyOf(entry);
  }

  /**
   * Reads a row through the cache. Concurrent reads of one session share one query; each gets its
   * own copy. A read past its age starts a re-read and answers meanwhile (up to the stale bound).
   * What was read while a change committed is not kept.
   */
  async read(sid: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    if (this.maxAgeMs <= 0) return load();
    const entry = this.entries.get(sid);
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && age <= this.maxAgeMs) return copyOf(entry);
    const pending = this.loading.get(sid) ?? this.startLoad(sid, load);
    if (entry && age <= this.maxAgeMs * SESSION_STALE_FACTOR) {
      pending.catch(() => undefined); // a failed re-read leaves the entry to age out; the next request tries again
      return copyOf(entry);
    }
    this.entries.delete(sid);
    return pending;
  }

  private startLoad(sid: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    const generation = this.generation;
    const pending = load().then((row) => {
      if (!row) {
        this.entries.delete(sid); // gone (signed out elsewhere, or pruned): never answer with it again
        return null;
      }
      const read = { sess: deepFreeze(row.sess), expire: row.expire };
      if (generation === this.generation) this.put(sid, read);
      return read;
    });
    const settled = () => {
      if (this.loading.get(sid) === pending) this.loading.delete(sid);
    };
    pending.then(settled, settled);
    this.loading.set(sid, pending);
    return pending;
  }

  /**
   * Whether the caller should write `expire`: it moves the stored expiry by at least
   * SESSION_TOUCH_AFTER_MS (or that is not known), and no write for the session is under way
   * (200 concurrent requests of one session write it once). Call `touched` when the write ends.
   */
  beginTouch(sid: string, expire: Date): boolean {
    if (!this.touchDue(sid, expire)) return false;
    this.touching.add(sid);
    return true;
  }

  /** Whether `beginTouch` would start a write (answered without starting it). */
  touchDue(sid: string, expire: Date): boolean {
    const entry = this.entries.get(sid);
    if (entry && expire.getTime() - entry.expire.getTime() < SESSION_TOUCH_AFTER_MS) return false;
    return !this.touching.has(sid);
  }

  /** The expiry write of `beginTouch` ended; `expire` is what it stored (absent if it failed). */
  touched(sid: string, expire?: Date): void {
    this.touching.delete(sid);
    const entry = this.entries.get(sid);
    if (entry && expire) entry.expire = expire;
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

  private put(sid: string, row: CachedSession): void {
    this.entries.delete(sid); // a refreshed entry moves to the end (the eviction order is the read order)
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const userId = (row.sess as { userId?: unknown } | null)?.userId;
    this.entries.set(sid, {
      sess: row.sess,
      expire: row.expire,
      userId: typeof userId === "string" ? userId : undefined,
      storedAt: this.now(),
    });
  }
}

function copyOf(entry: Entry): CachedSession {
  return { sess: entry.sess, expire: entry.expire };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
