import { rmSync } from "node:fs";
import { createClient } from "redis";

/** What `npm run start:distributed -- --fresh` clears besides dropping the local database. */
export interface FreshStart {
  /** The Redis in use and the one logical database of it that is emptied (FLUSHDB, never FLUSHALL). */
  redis: { url: string; database: number };
  /** Folders removed: the carrier simulator's saved state (numbers, phone inbox, opt-outs). */
  directories: string[];
}

/** The logical database a redis:// URL selects: its path (`/3`), 0 without one. */
export function redisDatabase(url: string): number {
  const path = new URL(url).pathname.replace(/^\//, "");
  if (path === "") return 0;
  const database = Number(path);
  if (!/^\d+$/.test(path) || !Number.isSafeInteger(database)) throw new Error(`REDIS_URL: "/${path}" is not a database number`);
  return database;
}

/**
 * The simulator's numbers are the ones telephony's tables hold: its state goes only with the
 * database (a kept DATABASE_URL beside a new simulator offers numbers the database has as taken).
 */
export function freshStartPlan(options: { redisUrl: string; simulatorDataDir: string; databaseDropped: boolean }): FreshStart {
  return {
    redis: { url: options.redisUrl, database: redisDatabase(options.redisUrl) },
    directories: options.databaseDropped ? [options.simulatorDataDir] : [],
  };
}

/** Empties what the plan names. Fails fast when Redis is unreachable (no reconnecting). */
export async function clearForFreshStart(plan: FreshStart): Promise<void> {
  const client = createClient({ url: plan.redis.url, database: plan.redis.database, socket: { connectTimeout: 5_000, reconnectStrategy: false } });
  client.on("error", () => undefined); // connect() rejects with it
  await client.connect();
  try {
    await client.flushDb();
  } finally {
    client.destroy();
  }
  for (const directory of plan.directories) rmSync(directory, { recursive: true, force: true });
}
