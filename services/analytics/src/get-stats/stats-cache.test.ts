import { StatsCache } from "./stats-cache";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const settle = async () => {
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
};

describe("StatsCache", () => {
  let now: number;
  let cache: StatsCache<string>;
  beforeEach(() => {
    now = 0;
    cache = new StatsCache<string>(1_000, () => now);
  });

  it("given an answer within its age, then concurrent and later reads share it without computing again", async () => {
    const compute = jest.fn(async () => "v1");
    expect(await Promise.all([cache.get("b", "5", compute), cache.get("b", "5", compute)])).toEqual(["v1", "v1"]);
    now = 1_000;
    expect(await cache.get("b", "5", compute)).toBe("v1");
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("given a computed answer within its age, then peek has it without waiting; not before it is computed, past its age or after a write", async () => {
    const computing = deferred<string>();
    const pending = cache.get("b", "5", () => computing.promise);
    expect(cache.peek("b", "5")).toBeUndefined();
    computing.resolve("v1");
    await pending;
    await settle();
    expect(cache.peek("b", "5")).toBe("v1");
    expect(cache.peek("b", "50")).toBeUndefined();
    now = 1_001;
    expect(cache.peek("b", "5")).toBeUndefined();
    now = 0;
    cache.invalidate(["b"]);
    expect(cache.peek("b", "5")).toBeUndefined();
  });

  it("given an answer past its age, then it is still served while one recomputation runs, and the new answer after", async () => {
    await cache.get("b", "5", async () => "v1");
    now = 1_001;
    const next = deferred<string>();
    const compute = jest.fn(() => next.promise);

    const meanwhile = await Promise.all([cache.get("b", "5", compute), cache.get("b", "5", compute)]);
    next.resolve("v2");
    await settle();

    expect(meanwhile).toEqual(["v1", "v1"]);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(
      await cache.get(
        "b",
        "5",
        jest.fn(async () => "unused"),
      ),
    ).toBe("v2");
  });

  it("given an answer older than three times its age, then the read waits for a new one", async () => {
    await cache.get("b", "5", async () => "v1");
    now = 3_001;
    expect(await cache.get("b", "5", async () => "v2")).toBe("v2");
  });

  it("given a write for the business, then the next read computes at once, even past a recomputation in flight", async () => {
    await cache.get("b", "5", async () => "v1");
    now = 1_001;
    const stale = deferred<string>();
    await cache.get("b", "5", () => stale.promise);
    cache.invalidate(["b"]);
    const fresh = await cache.get("b", "5", async () => "after the write");
    stale.resolve("before the write");
    await settle();

    expect(fresh).toBe("after the write");
    expect(await cache.get("b", "5", async () => "unused")).toBe("after the write");
  });

  it("given a failed recomputation, then the stale answer serves until a later read recomputes", async () => {
    await cache.get("b", "5", async () => "v1");
    now = 1_001;
    const failing = deferred<string>();
    expect(await cache.get("b", "5", () => failing.promise)).toBe("v1");
    failing.reject(new Error("db down"));
    await settle();
    const retry = jest.fn(async () => "v2");
    expect(await cache.get("b", "5", retry)).toBe("v1");
    await settle();
    expect(retry).toHaveBeenCalledTimes(1);
    expect(await cache.get("b", "5", async () => "unused")).toBe("v2");
  });

  it("given age 0, then every read computes", async () => {
    const off = new StatsCache<string>(0, () => now);
    const compute = jest.fn(async () => "v");
    await off.get("b", "5", compute);
    await off.get("b", "5", compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
