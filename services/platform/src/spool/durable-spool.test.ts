import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSilentLogger } from "../logging/logger";
import { DurableSpool } from "./durable-spool";

describe("DurableSpool", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "spool-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

  it("given records added, when drained, then each is handed over once, oldest first, and the folder is empty", async () => {
    const spool = new DurableSpool<{ n: number }>(dir, createSilentLogger());
    for (const n of [1, 2, 3]) await spool.add({ n });
    const seen: number[] = [];

    const result = await spool.drain(async (record) => void seen.push(record.n));

    expect(seen).toEqual([1, 2, 3]);
    expect(result).toEqual({ drained: 3, left: 0, failed: 0 });
    expect(await spool.size()).toBe(0);
    expect((await spool.drain(async () => undefined)).drained).toBe(0);
  });

  it("given the database still away, then the drain stops at the first record and keeps the rest for the next one", async () => {
    const spool = new DurableSpool<{ n: number }>(dir, createSilentLogger());
    for (const n of [1, 2, 3]) await spool.add({ n });
    let calls = 0;

    const away = await spool.drain(async (record) => {
      calls++;
      if (record.n === 2) throw refused();
    });

    expect(away).toEqual({ drained: 1, left: 2, failed: 0 });
    expect(calls).toBe(2);
    const seen: number[] = [];
    expect(await spool.drain(async (record) => void seen.push(record.n))).toEqual({ drained: 2, left: 0, failed: 0 });
    expect(seen).toEqual([2, 3]);
  });

  it("given a record its handler refuses for another reason, then it is set aside and the others go on", async () => {
    const spool = new DurableSpool<{ n: number }>(dir, createSilentLogger());
    for (const n of [1, 2]) await spool.add({ n });

    const result = await spool.drain(async (record) => {
      if (record.n === 1) throw new Error("bad record");
    });

    expect(result).toEqual({ drained: 1, left: 0, failed: 1 });
    expect(readdirSync(dir).filter((name) => name.endsWith(".failed"))).toHaveLength(1);
  });

  it("ignores a half-written temporary file (a crash during add)", async () => {
    const spool = new DurableSpool<{ n: number }>(dir, createSilentLogger());
    writeFileSync(join(dir, ".000-half.json.tmp"), '{"n":');
    await spool.add({ n: 7 });

    const seen: number[] = [];
    await spool.drain(async (record) => void seen.push(record.n));

    expect(seen).toEqual([7]);
  });

  it("given a missing folder, then nothing waits", async () => {
    expect(await new DurableSpool(join(dir, "absent"), createSilentLogger()).size()).toBe(0);
  });
});
