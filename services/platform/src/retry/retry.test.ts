import { backoffDelay, retry } from "./retry";

describe("retry", () => {
  const noWait = { wait: async () => undefined };

  it("given attempts that fail then succeed, when retried, then the value of the first success", async () => {
    let calls = 0;
    const value = await retry(
      async (attempt) => {
        calls++;
        if (attempt < 3) throw new Error(`failure ${attempt}`);
        return "done";
      },
      { maxAttempts: 5, baseDelayMs: 1, maxDelayMs: 1, ...noWait },
    );
    expect(value).toBe("done");
    expect(calls).toBe(3);
  });

  it("given attempts that always fail, when retried, then the last error after maxAttempts, waiting between them", async () => {
    const waits: number[] = [];
    const retried: number[] = [];
    const run = retry(
      async (attempt) => {
        throw new Error(`failure ${attempt}`);
      },
      {
        maxAttempts: 4,
        baseDelayMs: 100,
        maxDelayMs: 250,
        onRetry: (_error, attempt) => retried.push(attempt),
        wait: async (ms) => void waits.push(ms),
      },
    );
    await expect(run).rejects.toThrow("failure 4");
    expect(waits).toEqual([100, 200, 250]);
    expect(retried).toEqual([1, 2, 3]);
  });

  it("given an error shouldRetry refuses, when retried, then it is rethrown at once", async () => {
    let calls = 0;
    const run = retry(
      async () => {
        calls++;
        throw new Error("permanent");
      },
      { maxAttempts: Infinity, baseDelayMs: 1, maxDelayMs: 1, shouldRetry: () => false, ...noWait },
    );
    await expect(run).rejects.toThrow("permanent");
    expect(calls).toBe(1);
  });

  it("given a jitter share, when computing a wait, then it stays between the floor and the ceiling", () => {
    const policy = { baseDelayMs: 250, maxDelayMs: 5_000, jitter: 0.5 };
    expect(backoffDelay(policy, 1, 0)).toBe(125);
    expect(backoffDelay(policy, 1, 0.999)).toBe(250);
    expect(backoffDelay(policy, 3, 0)).toBe(500);
    expect(backoffDelay(policy, 10, 0.999)).toBe(4_998);
    expect(backoffDelay({ baseDelayMs: 50, maxDelayMs: 10_000 }, 2)).toBe(100);
  });
});
