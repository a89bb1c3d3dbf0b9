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

  it("puts what arrives while a commit runs into the next batch, and lingers when asked to", async () => {
    const batches: number[][] = [];
    const commit = async (items: number[]) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return items;
    };
    const writer = new GroupCommit<number, number>(commit);
    const first = writer.submit(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([first, writer.submit(2), writer.submit(3)]);
    expect(batches).toEqual([[1], [2, 3]]);

    batches.length = 0;
    const lingering = new GroupCommit<number, number>(commit, 64, 30);
    const early = lingering.submit(1, false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all([early, lingering.submit(2, false)]);
    expect(batches).toEqual([[1, 2]]);
  });

  it("writes lingering items with the next urgent one, at once", async () => {
    const batches: number[][] = [];
    const writer = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      return items;
    }, 64, 1_000);
    const started = Date.now();
    const lingering = writer.submit(1, false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all([lingering, writer.submit(2)]);
    expect(batches).toEqual([[1, 2]]);
    expect(Date.now() - started).toBeLessThan(500);
    await writer.idle();
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
