import { performance } from "node:perf_hooks";
import { SenderQueue } from "./sender-queue";

describe("SenderQueue", () => {
  it("starts a sender's tasks at its messages-per-second rate without delaying another sender", async () => {
    const queue = new SenderQueue(5, (error) => {
      throw error;
    });
    const started: Record<string, number[]> = { a: [], b: [] };
    const t0 = performance.now();
    for (let i = 0; i < 7; i++) queue.push("a", async () => void started.a?.push(performance.now() - t0));
    queue.push("b", async () => void started.b?.push(performance.now() - t0));
    await new Promise((resolve) => setTimeout(resolve, 600));
    await queue.stop();

    // A burst of one second's worth (5) at once, then one every 200 ms.
    expect(started.a?.slice(0, 5).every((at) => at < 50)).toBe(true);
    expect(started.a?.[5]).toBeGreaterThanOrEqual(150);
    expect(started.a).toHaveLength(7);
    expect(started.b?.[0]).toBeLessThan(50);
  });

  it("leaves waiting tasks unstarted after stop", async () => {
    const queue = new SenderQueue(1, () => undefined);
    let ran = 0;
    for (let i = 0; i < 3; i++) queue.push("a", async () => void ran++);
    await queue.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(ran).toBe(1);
  });
});
