import { GroupCommit } from "./group-commit";

describe("GroupCommit", () => {
  it("lets the items submitted in the same turn share one commit", async () => {
    const batches: number[][] = [];
    const writer = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return items.map((item) => item * 10);
    });
    const results = await Promise.all([1, 2, 3, 4].map((item) => writer.submit(item)));
    expect(results).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  // No wall-clock races: a gate holds the first commit open, and fake timers move the linger.
  it("puts what arrives while a commit runs into the next batch", async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const writer = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await gate;
      return items;
    });
    const first = writer.submit(1);
    while (batches.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const rest = [writer.submit(2), writer.submit(3)];
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("lingers when asked to: what arrives within the linger shares the batch, written when it ends", async () => {
    jest.useFakeTimers({ doNotFake: ["setImmediate", "nextTick", "queueMicrotask"] });
    try {
      const batches: number[][] = [];
      const lingering = new GroupCommit<number, number>(
        async (items) => {
          batches.push(items);
          return items;
        },
        64,
        30,
      );
      const early = lingering.submit(1, false);
      jest.advanceTimersByTime(10);
      const late = lingering.submit(2, false);
      await new Promise((resolve) => setImmediate(resolve));
      expect(batches).toEqual([]);
      jest.advanceTimersByTime(20);
      await Promise.all([early, late]);
      expect(batches).toEqual([[1, 2]]);
    } finally {
      jest.useRealTimers();
    }
  });

  it("writes lingering items with the next urgent one, at once", async () => {
    jest.useFakeTimers({ doNotFake: ["setImmediate", "nextTick", "queueMicrotask"] });
    try {
      const batches: number[][] = [];
      const writer = new GroupCommit<number, number>(
        async (items) => {
          batches.push(items);
          return items;
        },
        64,
        1_000,
      );
      const lingering = writer.submit(1, false);
      jest.advanceTimersByTime(10);
      // No timer moves past this point: the urgent item alone must end the linger.
      await Promise.all([lingering, writer.submit(2)]);
      expect(batches).toEqual([[1, 2]]);
      await writer.idle();
    } finally {
      jest.useRealTimers();
    }
  });

  it("isolates a failing item: the others of its batch still commit", async () => {
    const writer = new GroupCommit<number, number>(async (items) => {
      if (items.includes(3)) throw new Error("bad item");
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items;
    });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((item) => writer.submit(item)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
  });
});
