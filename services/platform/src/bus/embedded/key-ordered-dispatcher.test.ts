import { setTimeout as sleep } from "node:timers/promises";
import type { DeliveredRecord } from "../event-bus";
import { KeyOrderedDispatcher } from "./key-ordered-dispatcher";

const record = (seq: number, key: string): DeliveredRecord => ({
  topic: "t",
  key,
  value: new Uint8Array(),
  headers: {},
  partition: 0,
  offset: String(seq),
});

describe("KeyOrderedDispatcher", () => {
  it("handles one key in order and several keys concurrently, and advances the watermark only past finished records", async () => {
    const handled: string[] = [];
    let releaseSlow = () => undefined as void;
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    let concurrent = 0;
    let maxConcurrent = 0;
    const dispatcher = new KeyOrderedDispatcher(
      async (r) => {
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await (r.key === "slow" ? slowReleased : sleep(1));
        handled.push(`${r.key}:${r.offset}`);
        concurrent--;
      },
      4,
      0n,
      () => undefined,
    );
    dispatcher.push(record(1, "slow"));
    dispatcher.push(record(2, "a"));
    dispatcher.push(record(3, "a"));
    dispatcher.push(record(4, "b"));

    await until(() => handled.length === 3);
    expect(handled).toEqual(expect.arrayContaining(["a:2", "a:3", "b:4"]));
    expect(handled.indexOf("a:2")).toBeLessThan(handled.indexOf("a:3"));
    expect(dispatcher.watermark).toBe(0n); // record 1 (slow) is still running
    expect(maxConcurrent).toBeGreaterThan(1);

    releaseSlow();
    await until(() => dispatcher.watermark === 4n);
    expect(handled).toContain("slow:1");
  });

  it("given an unordered consumer, then one key's records run at once (up to the concurrency) and the watermark still waits for the slowest", async () => {
    const release: (() => void)[] = [];
    let running = 0;
    let maxRunning = 0;
    const dispatcher = new KeyOrderedDispatcher(
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      },
      3,
      0n,
      () => undefined,
      true,
    );
    for (let seq = 1; seq <= 5; seq++) dispatcher.push(record(seq, "one-business"));
    await until(() => release.length === 3);
    expect(maxRunning).toBe(3);
    release[1]?.();
    release[2]?.();
    await until(() => release.length === 5);
    expect(dispatcher.watermark).toBe(0n); // record 1 still runs
    release[0]?.();
    release[3]?.();
    release[4]?.();
    await until(() => dispatcher.watermark === 5n);
  });

  it("stops starting records when drained and leaves the rest uncommitted", async () => {
    const dispatcher = new KeyOrderedDispatcher(
      () => sleep(20),
      1,
      0n,
      () => undefined,
    );
    dispatcher.push(record(1, "a"));
    dispatcher.push(record(2, "a"));
    await dispatcher.drain(0, () => undefined);
    expect(dispatcher.watermark).toBe(1n);
  });
});

/** Polls until the condition holds (fails the test by its timeout otherwise). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(2);
}
