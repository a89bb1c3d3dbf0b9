import { createScratchPostgresDatabase, describeIf } from "@rebound/testing";
import { Client } from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { openDatabase, type Database } from "./database";

// Standalone runs seven services in one process, each with its Prisma client over
// `database.adapterFactory()`. When each client had a pool of its own, one process could open
// (1 + clients) x poolSize connections (80 with the default of 10), and two standalones on one
// server met "sorry, too many clients already" (53300) in a sign-up burst: 500s. Every Prisma
// client of a process now shares one pool: at most twice poolSize connections, however many clients.
const describePostgres = describeIf(Boolean(process.env.DATABASE_URL), "set DATABASE_URL to run it; .ci/run sets DATABASE_URL");

const POOL_SIZE = 2;
const CLIENTS = 7;

describePostgres("openDatabase on PostgreSQL: connections per process", () => {
  let scratch: NonNullable<Awaited<ReturnType<typeof createScratchPostgresDatabase>>>;
  let database: Database;
  let admin: Client;
  const clients: PrismaClient[] = [];

  beforeAll(async () => {
    scratch = (await createScratchPostgresDatabase())!;
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory", poolSize: POOL_SIZE });
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });

  afterAll(async () => {
    for (const client of clients) await client.$disconnect();
    await database?.close();
    await admin?.end();
    await scratch?.drop();
  });

  it(`${CLIENTS} Prisma clients busy at once share one pool: never more than twice poolSize connections`, async () => {
    const name = new URL(scratch.url).pathname.slice(1);
    for (let index = 0; index < CLIENTS; index++) clients.push(new PrismaClient({ adapter: database.adapterFactory() }));
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await admin.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'",
          [name],
        );
        peak = Math.max(peak, rows[0]?.n ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // Every client runs several statements at once (a pool per client would open POOL_SIZE each),
    // and the hot path's pool is busy too.
    const work = [
      ...clients.flatMap((client) => Array.from({ length: 3 }, () => client.$queryRawUnsafe("SELECT 1 AS one FROM pg_sleep(0.2)"))),
      ...Array.from({ length: 3 }, () => database.query("SELECT 1 AS one FROM pg_sleep(0.2)")),
    ];
    try {
      await Promise.all(work);
    } finally {
      sampling = false;
      await sampler;
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2 * POOL_SIZE);
  });

  it("the clients keep working after one of them disconnects (the shared pool is the database's to close)", async () => {
    await clients[0]!.$disconnect();
    await expect(clients[1]!.$queryRawUnsafe<{ one: number }[]>("SELECT 1 AS one")).resolves.toEqual([{ one: 1 }]);
  });
});
