// Database-only benchmark: the same hot-path-shaped transaction (BEGIN, INSERT ... ON CONFLICT,
// upsert counter, INSERT ... RETURNING, COMMIT) through each way the process can reach its
// database, one after the other; wall and CPU time per transaction (whole process, and the
// main thread alone: on PGlite the engine has its own thread).
//
//   npx tsx bench/db-path/run.ts                       PGlite (pg over the PGlite thread's socket)
//   BENCH_POSTGRES_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/db-path/run.ts
//                                                      ... and PostgreSQL (a scratch database, dropped)
//   BENCH_BEFORE=/path/to/checkout npx tsx bench/db-path/run.ts
//                                                      ... and the home-made driver of a checkout that
//                                                      still has it (PGliteThread + NativeSql, before
//                                                      commit "one database path")
// N (default 3000) transactions per round after 500 of warm-up; ROUNDS (default 2).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";
import { openDatabase, type Database } from "../../services/platform/src/db/database";
import type { SqlExecutor } from "../../services/platform/src/db/sql-executor";
import { PrismaClient } from "../../services/platform/src/generated/prisma/client";

type Tx = { transaction<R>(fn: (tx: SqlExecutor) => Promise<R>): Promise<R> } & SqlExecutor;
const N = Number(process.env.N ?? 3000);

function mainThreadMs(): number {
  const stat = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const processMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const SCHEMA = [
  `DROP TABLE IF EXISTS bench_calls, bench_usage, bench_log`,
  `CREATE TABLE bench_calls (id uuid PRIMARY KEY, business_id text NOT NULL, call_sid text UNIQUE NOT NULL, payload jsonb, at timestamptz NOT NULL)`,
  `CREATE TABLE bench_usage (business_id text PRIMARY KEY, n int NOT NULL)`,
  `CREATE TABLE bench_log (seq bigserial PRIMARY KEY, topic text, value bytea)`,
];

async function work(db: Tx, i: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.$executeRawUnsafe(
      `INSERT INTO bench_calls (id, business_id, call_sid, payload, at) VALUES ($1::uuid, $2, $3, $4::jsonb, $5::timestamptz) ON CONFLICT (call_sid) DO NOTHING`,
      randomUUID(),
      "biz-1",
      `CA${i}-${randomUUID()}`,
      JSON.stringify({ from: "+15005550006", i }),
      new Date(),
    );
    await tx.$queryRawUnsafe(
      `INSERT INTO bench_usage AS u (business_id, n) VALUES ($1, 1) ON CONFLICT (business_id) DO UPDATE SET n = u.n + 1 RETURNING n`,
      "biz-1",
    );
    await tx.$queryRawUnsafe(`INSERT INTO bench_log (topic, value) VALUES ($1, $2::bytea) RETURNING seq`, "calls", Buffer.from("hello world payload"));
  });
}

async function measure(label: string, db: Tx): Promise<void> {
  for (const sql of SCHEMA) await db.$executeRawUnsafe(sql);
  for (let i = 0; i < 500; i++) await work(db, i); // warm-up: JIT, prepared statements
  const [w0, p0, m0] = [performance.now(), processMs(), mainThreadMs()];
  for (let i = 0; i < N; i++) await work(db, i);
  const [w1, p1, m1] = [performance.now(), processMs(), mainThreadMs()];
  const per = (ms: number) => ((ms * 1000) / N).toFixed(1).padStart(7);
  console.log(`${label.padEnd(44)} wall us/tx ${per(w1 - w0)}  cpu us/tx ${per(p1 - p0)}  main us/tx ${per(m1 - m0)}`);
}

/** A Prisma interactive transaction over the same database (what `ServiceDb.transaction` runs). */
function prismaTx(database: Database): { db: Tx; close(): Promise<void> } {
  const client = new PrismaClient({ adapter: database.adapterFactory() });
  return {
    db: {
      $executeRawUnsafe: (query, ...values) => client.$executeRawUnsafe(query, ...values),
      $queryRawUnsafe: (query, ...values) => client.$queryRawUnsafe(query, ...values),
      transaction: (fn) => client.$transaction((tx) => fn(tx)),
    },
    close: () => client.$disconnect(),
  };
}

async function both(kind: string, database: Database): Promise<void> {
  await measure(`${kind}: pg, raw (database.sql)`, database.sql);
  const prisma = prismaTx(database);
  await measure(`${kind}: Prisma interactive transaction`, prisma.db);
  await prisma.close();
}

/** The home-made driver of an older checkout (BENCH_BEFORE). */
async function before(dir: string): Promise<void> {
  const { PGliteThread } = (await import(join(dir, "services/platform/src/db/pglite-thread/pglite-thread"))) as {
    PGliteThread: { start(): Promise<{ exec(sql: string): Promise<unknown>; close(): Promise<void> }> };
  };
  const { pgliteNativeSql } = (await import(join(dir, "services/platform/src/db/native-sql"))) as { pgliteNativeSql(thread: unknown): Tx };
  const thread = await PGliteThread.start();
  await thread.exec("SET standard_conforming_strings = on");
  await measure("PGlite: home-made driver (NativeSql, before)", pgliteNativeSql(thread));
  await thread.close();
}

async function scratchPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rebound_dbbench_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function main(): Promise<void> {
  const rounds = Number(process.env.ROUNDS ?? 2);
  const postgres = process.env.BENCH_POSTGRES_URL ? await scratchPostgres(process.env.BENCH_POSTGRES_URL) : undefined;
  try {
    for (let round = 0; round < rounds; round++) {
      if (process.env.BENCH_BEFORE) await before(process.env.BENCH_BEFORE);
      const pglite = await openDatabase({ dataDir: "memory" });
      await both("PGlite", pglite);
      await pglite.close();
      if (postgres) {
        // One connection, as on PGlite: the figure is the cost per transaction, not parallelism.
        const database = await openDatabase({ databaseUrl: postgres.url, dataDir: "memory", poolSize: 1 });
        await both("PostgreSQL", database);
        await database.close();
      }
    }
  } finally {
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
