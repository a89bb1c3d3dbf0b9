import { KeyedWaiters } from "./keyed-waiters";

describe("KeyedWaiters", () => {
  it("resolves true when the key becomes known, and only for that key", async () => {
    const waiters = new KeyedWaiters();
    const a = waiters.whenKnown("a", 10_000);
    const b = waiters.whenKnown("b", 20);
    waiters.known("a");
    await expect(a).resolves.toBe(true);
    await expect(b).resolves.toBe(false);
    expect(waiters.waitingKeys).toBe(0);
  });

  it("wakes every waiter of a key at once", async () => {
    const waiters = new KeyedWaiters();
    const both = Promise.all([waiters.whenKnown("k", 10_000), waiters.whenKnown("k", 10_000)]);
    expect(waiters.waitingKeys).toBe(1);
    waiters.known("k");
    await expect(both).resolves.toEqual([true, true]);
    expect(waiters.waitingKeys).toBe(0);
  });

  it("does nothing for a key nobody waits for", () => {
    const waiters = new KeyedWaiters();
    waiters.known("nobody");
    expect(waiters.waitingKeys).toBe(0);
  });
});
