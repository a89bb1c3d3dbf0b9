import { SESSION_TOUCH_AFTER_MS, SessionCache } from "./session-cache";

const EXPIRE = new Date("2026-12-01T00:00:00Z");
const row = (userId: string, email = `${userId}@example.com`) => ({ sess: { cookie: { path: "/" }, userId, email }, expire: EXPIRE });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("SessionCache", () => {
  let now: number;
  let cache: SessionCache;
  beforeEach(() => {
    now = 0;
    cache = new SessionCache(1_000, () => now);
  });

  it("given a read session, when read again within the age, then no query runs and the reads share one frozen copy", async () => {
    const load = jest.fn(async () => row("u1"));
    const first = await cache.read("s1", load);
    expect(() => {
      (first!.sess as { cookie: unknown }).cookie = "changed by a caller";
    }).toThrow(TypeError);
    const second = await cache.read("s1", load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toEqual(row("u1"));
  });

  it("given a read past its age, then it still answers while it is read again, and the new read answers after", async () => {
    await cache.read("s1", async () => row("u1"));
    now = 1_001;
    const gate = deferred<ReturnType<typeof row>>();
    const load = jest.fn(() => gate.promise);

    const meanwhile = await Promise.all([cache.read("s1", load), cache.read("s1", load)]);
    gate.resolve(row("u1", "new@example.com"));
    await gate.promise;
    await Promise.resolve();
    const after = await cache.read(
      "s1",
      jest.fn(async () => null),
    );

    expect(load).toHaveBeenCalledTimes(1);
    expect(meanwhile).toEqual([row("u1"), row("u1")]);
    expect(after).toEqual(row("u1", "new@example.com"));
  });

  it("given a read older than three times its age, then the request waits for the new read", async () => {
    await cache.read("s1", async () => row("u1"));
    now = 3_001;
    expect(await cache.read("s1", async () => row("u1", "new@example.com"))).toEqual(row("u1", "new@example.com"));
  });

  it("given a read past its age, when the re-read finds the session gone (signed out on another replica), then it no longer answers", async () => {
    await cache.read("s1", async () => row("u1"));
    now = 1_001;
    const gone = jest.fn(async () => null);
    expect(await cache.read("s1", gone)).toEqual(row("u1"));
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.read("s1", gone)).toBeNull();
    expect(gone).toHaveBeenCalledTimes(2);
  });

  it("given a re-read in flight, when the session is deleted here, then the next request reads again and the old row never answers", async () => {
    await cache.read("s1", async () => row("u1"));
    now = 1_001;
    const gate = deferred<ReturnType<typeof row>>();
    await cache.read("s1", () => gate.promise);
    cache.drop("s1");
    const afterDelete = cache.read("s1", async () => null);
    gate.resolve(row("u1"));
    expect(await afterDelete).toBeNull();
    expect(await cache.read("s1", async () => null)).toBeNull();
  });

  it("given concurrent reads of one session, then one query answers them all", async () => {
    const gate = deferred<ReturnType<typeof row>>();
    const load = jest.fn(() => gate.promise);
    const reads = Promise.all([cache.read("s1", load), cache.read("s1", load), cache.read("s1", load)]);
    gate.resolve(row("u1"));
    const rows = await reads;
    expect(load).toHaveBeenCalledTimes(1);
    expect(rows).toEqual([row("u1"), row("u1"), row("u1")]);
    expect(new Set(rows.map((read) => read!.sess)).size).toBe(1);
    expect(Object.isFrozen(rows[0]!.sess)).toBe(true);
  });

  it("given a missing session, then nothing is kept (a later sign-in is seen at once)", async () => {
    const load = jest.fn(async () => null as ReturnType<typeof row> | null);
    expect(await cache.read("s1", load)).toBeNull();
    load.mockResolvedValueOnce(row("u1"));
    expect(await cache.read("s1", load)).toEqual(row("u1"));
  });

  it("given a cached session, when it is written or deleted (sign-out), then the next read queries", async () => {
    const load = jest.fn(async () => row("u1"));
    await cache.read("s1", load);
    cache.drop("s1");
    load.mockResolvedValueOnce(null as unknown as ReturnType<typeof row>);
    expect(await cache.read("s1", load)).toBeNull();
  });

  it("given a read in flight, when the session is deleted before it returns, then the old row is not kept and later reads do not join it", async () => {
    const gate = deferred<ReturnType<typeof row>>();
    const load = jest.fn(() => gate.promise);
    const stale = cache.read("s1", load);
    cache.drop("s1");
    const afterDelete = cache.read("s1", async () => null);
    gate.resolve(row("u1"));
    await stale;
    expect(await afterDelete).toBeNull();
    expect(await cache.read("s1", async () => null)).toBeNull();
  });

  it("given sessions of two users, when one user's sessions end except the current one, then only that user's others are read again", async () => {
    await cache.read("keep", async () => row("u1"));
    await cache.read("other", async () => row("u1"));
    await cache.read("someone-else", async () => row("u2"));
    cache.dropUser("u1", "keep");
    const load = jest.fn(async () => null);
    expect(await cache.read("keep", load)).toEqual(row("u1"));
    expect(await cache.read("someone-else", load)).toEqual(row("u2"));
    expect(await cache.read("other", load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("given a user's e-mail changed, then their sessions are read again with it", async () => {
    await cache.read("s1", async () => row("u1"));
    cache.dropUser("u1");
    expect(await cache.read("s1", async () => row("u1", "new@example.com"))).toEqual(row("u1", "new@example.com"));
  });

  it("given a known expiry, when the new one moves it by less than a minute, then no touch is needed; a minute or more, or unknown, it is", async () => {
    await cache.read("s1", async () => row("u1"));
    expect(cache.beginTouch("s1", new Date(EXPIRE.getTime() + SESSION_TOUCH_AFTER_MS - 1))).toBe(false);
    const later = new Date(EXPIRE.getTime() + SESSION_TOUCH_AFTER_MS);
    expect(cache.beginTouch("s1", later)).toBe(true);
    cache.touched("s1", later);
    expect(cache.beginTouch("s1", new Date(later.getTime() + 1))).toBe(false);
    expect((await cache.read("s1", async () => null))?.expire).toEqual(later);
    expect(cache.beginTouch("unknown", EXPIRE)).toBe(true);
  });

  it("given a touch under way, then concurrent requests of the session do not write it again; after it ends (even failed), one may", async () => {
    await cache.read("s1", async () => row("u1"));
    const later = new Date(EXPIRE.getTime() + 2 * SESSION_TOUCH_AFTER_MS);
    expect([cache.beginTouch("s1", later), cache.beginTouch("s1", later), cache.beginTouch("s1", later)]).toEqual([true, false, false]);
    cache.touched("s1");
    expect(cache.beginTouch("s1", later)).toBe(true);
  });

  it("given age 0, then every read queries and nothing is kept", async () => {
    const off = new SessionCache(0, () => now);
    const load = jest.fn(async () => row("u1"));
    await off.read("s1", load);
    await off.read("s1", load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(off.beginTouch("s1", EXPIRE)).toBe(true);
  });

  it("given more sessions than the bound, then the oldest is dropped first", async () => {
    const small = new SessionCache(1_000, () => now, 2);
    await small.read("a", async () => row("u1"));
    await small.read("b", async () => row("u2"));
    await small.read("c", async () => row("u3"));
    const load = jest.fn(async () => row("again"));
    expect(await small.read("a", load)).toEqual(row("again"));
    expect(await small.read("c", load)).toEqual(row("u3"));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
