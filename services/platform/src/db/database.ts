import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Pool, type ClientBase, type QueryConfig } from "pg";
import { DeferredBeginClient } from "./deferred-begin-client";
import { pgSql, StatementNames, type PgSql } from "./pg-sql";
import { PGliteServerThread } from "./pglite-server/pglite-server-thread";

/**
 * The process's database, reached with `pg` in both modes: PostgreSQL, or standalone's
 * PGlite, which runs in a worker thread behind a PostgreSQL wire-protocol socket and is
 * one session: every client of the process then shares one pg connection (a pool of
 * max 1), whose queue serialises transactions as PGlite's own lock did.
 */
export interface Database {
  readonly kind: "pglite" | "postgres";
  /** A driver adapter factory for one Prisma client (Prisma's statements are named prepared statements too). */
  adapterFactory(): SqlDriverAdapterFactory;
  readonly databaseUrl?: string;
  /** The pg pool `sql` runs on (on PGlite: the process's one connection), for migrations. */
  readonly pool: Pool;
  /** Raw SQL over pg with named prepared statements: the hot path and the embedded bus, the same code on both databases. */
  readonly sql: PgSql;
  ping(): Promise<boolean>;
  /** A plain query outside any service's client (start-up checks). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data folder parent; `memory` keeps everything in memory (tests). */
  dataDir: string | "memory";
  /** Connections per pool on PostgreSQL: the hot path's, and the one every Prisma client of the process shares. */
  poolSize?: number;
  /** PGlite: start from this dumped data folder (tests: a template with every migration applied). */
  template?: Uint8Array;
}

export function pgliteDataPath(dataDir: string): string {
  return join(resolve(dataDir), "pglite");
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.template);
}

/** Prisma's statements are named too (prefix `p`), so each text is parsed and planned once per connection. */
function prismaAdapter(pool: Pool, names: StatementNames, disposePool = false): PrismaPg {
  // An unnamed statement (past StatementNames' limit) is passed as undefined: pg runs it unnamed.
  const options = {
    statementNameGenerator: (query: { sql: string }) => names.nameFor(query.sql) as string,
    disposeExternalPool: disposePool,
    onPoolError: () => undefined,
    onConnectionError: () => undefined,
  };
  return new PrismaPg(pool, options);
}

/** How long a query waits for a pooled connection (or a new one to open) before it fails, instead of hanging on an unreachable server. */
const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * A pg Pool whose connections can never raise an uncaught error. pg-pool listens for errors
 * only on idle connections: a connection that is checked out (between the statements of a
 * transaction, say) and is terminated by the server ("terminating connection due to
 * administrator command" on a restart) emits `error` with nobody listening, which kills the
 * process. Here every connection keeps a listener for its whole life; the failed query is
 * rejected anyway, and pg-pool discards a connection that is no longer queryable on release.
 * Reconnecting needs nothing more: the next checkout opens a new connection.
 */
export function createHandledPool(config: ConstructorParameters<typeof Pool>[0], PoolClass: typeof Pool = Pool): Pool {
  // Every connection sends a transaction's BEGIN with its first statement (deferred-begin-client.ts).
  const pool = new PoolClass({ Client: DeferredBeginClient, ...config });
  pool.on("error", () => undefined); // an idle connection lost: pg-pool drops it; readiness reports the outage
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  // Every Prisma client's adapter listens for the pool's errors too.
  pool.setMaxListeners(0);
  return pool;
}

function databaseOver(
  kind: Database["kind"],
  pool: Pool,
  adapterFactory: () => SqlDriverAdapterFactory,
  close: () => Promise<void>,
  databaseUrl?: string,
): Database {
  return {
    kind,
    databaseUrl,
    pool,
    sql: pgSql(pool, new StatementNames("r")),
    adapterFactory,
    ping: async () => {
      await pool.query("select 1");
      return true;
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    close,
  };
}

async function openPglite(dataDir: string, template?: Uint8Array): Promise<Database> {
  let path: string | undefined;
  if (dataDir !== "memory") {
    path = pgliteDataPath(dataDir);
    mkdirSync(dirname(path), { recursive: true });
  }
  // The engine runs in a worker thread: its CPU time is most of a query's, and on the
  // main thread it competed with every HTTP request (see docs/decisions.md).
  const thread = await PGliteServerThread.start(path, template);
  // One connection for the whole process: PGlite is one session (one set of prepared
  // statements, one transaction at a time). Never closed when idle; a replacement (after
  // a broken socket) is the same session, so it starts with DEALLOCATE ALL.
  const pool = createHandledPool(
    {
      host: thread.socketDir,
      port: thread.port,
      user: "postgres",
      database: "postgres",
      max: 1,
      idleTimeoutMillis: 0,
      allowExitOnIdle: true,
      // pg-pool awaits this before handing a new connection out.
      onConnect: async (client: ClientBase) => {
        await client.query("DEALLOCATE ALL");
      },
    } as ConstructorParameters<typeof Pool>[0],
    SessionPool,
  );
  const names = new StatementNames("p");
  return databaseOver(
    "pglite",
    pool,
    () => prismaAdapter(pool, names),
    async () => {
      await pool.end();
      await thread.close();
    },
  );
}

/**
 * pg's Pool, except that a failed query keeps its connection: pg-pool's `query` destroys
 * the client on any error (a unique violation included), and on PGlite a new connection
 * is the same session, so reconnecting would only cost a DEALLOCATE ALL and re-preparing.
 * A broken socket is still discarded (pg-pool checks that on release).
 */
class SessionPool extends Pool {}
SessionPool.prototype.query = async function query(this: Pool, config: string | QueryConfig, values?: unknown[]) {
  const client = await this.connect();
  try {
    return await client.query(config, values);
  } finally {
    client.release();
  }
} as Pool["query"];

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  // keepAlive: a peer that vanished without closing (a failed-over host) is noticed by TCP, not only by the next query.
  const config = { connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, keepAlive: true };
  const pool = createHandledPool(config);
  // Every Prisma client of the process shares one pool (as on PGlite), so a process holds at most
  // twice `poolSize` connections however many services it runs. A pool per client let standalone
  // (seven services) open 80, and two of them at once met "sorry, too many clients already".
  const prismaPool = createHandledPool(config);
  const names = new StatementNames("p");
  return databaseOver(
    "postgres",
    pool,
    () => prismaAdapter(prismaPool, names),
    async () => {
      await Promise.all([pool.end(), prismaPool.end()]);
    },
    databaseUrl,
  );
}
