import { Client } from "pg";
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "../db/database";

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database created next to DATABASE_URL's (dropped on close), so test
 * files never share consumer offsets or rows.
 */
export async function createTestDatabase(): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ dataDir: "memory" });
  const name = `rebound_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory", poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
