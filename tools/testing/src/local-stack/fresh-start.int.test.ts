import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "redis";
import { describeIf } from "../describe-if";
import { clearForFreshStart, freshStartPlan } from "./fresh-start";

const REDIS_URL = process.env.REDIS_URL ?? "";
// Two databases of the server test suites rarely use: the emptied one and its neighbour.
const FLUSHED = 15;
const NEIGHBOUR = 14;

describeIf(Boolean(REDIS_URL), "REDIS_URL is not set")("start:distributed --fresh on Redis", () => {
  const url = (database: number) => {
    const parsed = new URL(REDIS_URL);
    parsed.pathname = `/${database}`;
    return parsed.toString();
  };
  const connect = async (database: number) => createClient({ url: url(database) }).connect();

  it("given keys in two databases and a simulator journal, when cleared, then only the URL's database is empty and the journal is gone", async () => {
    const flushed = await connect(FLUSHED);
    const neighbour = await connect(NEIGHBOUR);
    const key = `fresh-start-test-${process.pid}`;
    const simulatorDataDir = join(mkdtempSync(join(tmpdir(), "fresh-start-")), "simulator");
    mkdirSync(simulatorDataDir);
    writeFileSync(join(simulatorDataDir, "carrier.jsonl"), '{"t":"purchase"}\n');
    try {
      await flushed.set(key, "old run");
      await neighbour.set(key, "someone else's");
      await clearForFreshStart(freshStartPlan({ redisUrl: url(FLUSHED), simulatorDataDir, databaseDropped: true }));
      expect(await flushed.dbSize()).toBe(0);
      expect(await neighbour.get(key)).toBe("someone else's");
      expect(existsSync(simulatorDataDir)).toBe(false);
    } finally {
      await neighbour.del(key);
      flushed.destroy();
      neighbour.destroy();
    }
  });
});
