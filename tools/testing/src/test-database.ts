import { Client } from "pg";
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "@rebound/platform";
import { migratedTemplate } from "./migrated-template";

/**
 * A fresh database for one test file: in-memory PGlite started from the migrated template
 * (every service's migrations applied) by default, or a new
 * PostgreSQL database created next to DATABASE_URL's (dropped on close), so test
 * files never share consumer offsets or rows.
 */
export async function createTestDatabase(): Promise<Database> {
  const scratch = await createScratchPostgresDatabase();
  if (!scratch) return openDatabase({ dataDir: "memory", template: await migratedTemplate() });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory", poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * With DATABASE_URL set, a new empty PostgreSQL database beside it (for a test that
 * runs a whole process, e.g. standalone); undefined otherwise.
 */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return undefined;
  const name = `rebound_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
