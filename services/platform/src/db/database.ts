import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pgliteNativeSql, type NativeSql } from "./native-sql";
import { prismaAdapterFor, type PgliteConnection } from "./pglite-connection";
import { PGliteThread } from "./pglite-thread/pglite-thread";

/**
 * The process's database: one PGlite instance shared by every service in
 * standalone (PGlite is a single connection; it serialises transactions itself),
 * or PostgreSQL, where each Prisma client gets its own pool.
 */
export interface Database {
  readonly kind: "pglite" | "postgres";
  /** A driver adapter factory for one Prisma client. */
  adapterFactory(): SqlDriverAdapterFactory;
  /** The PGlite instance in standalone (in its own thread), for migrations. */
  readonly pglite?: PgliteConnection;
  readonly databaseUrl?: string;
  /** Raw SQL without Prisma, for the hot path (PGlite only; on PostgreSQL Prisma's pool is used). */
  readonly nativeSql?: NativeSql;
  ping(): Promise<boolean>;
  /** A plain query outside any service's client (start-up checks). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data folder parent; `memory` keeps everything in memory (tests). */
  dataDir: string | "memory";
  /** Connections per Prisma client on PostgreSQL. */
  poolSize?: number;
}

export function pgliteDataPath(dataDir: string): string {
  return join(resolve(dataDir), "pglite");
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  let path: string | undefined;
  if (dataDir !== "memory") {
    path = pgliteDataPath(dataDir);
    mkdirSync(dirname(path), { recursive: true });
  }
  // The engine runs in a worker thread: its CPU time is most of a query's, and on the
  // main thread it competed with every HTTP request (see docs/decisions.md).
  const pglite = await PGliteThread.start(path);
  // NativeSql inlines values as literals, which relies on this (the default since PostgreSQL 9.1).
  await pglite.exec("SET standard_conforming_strings = on");
  return {
    kind: "pglite",
    pglite,
    nativeSql: pgliteNativeSql(pglite),
    adapterFactory: () => prismaAdapterFor(pglite),
    ping: async () => {
      await pglite.query("select 1");
      return true;
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  const { Pool } = await import("pg");
  const pingPool = new Pool({ connectionString: databaseUrl, max: 1 });
  return {
    kind: "postgres",
    databaseUrl,
    adapterFactory: () => new PrismaPg({ connectionString: databaseUrl, max: poolSize }),
    ping: async () => {
      await pingPool.query("select 1");
      return true;
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pingPool.query(sql, params)).rows as T[],
    close: async () => {
      await pingPool.end();
    },
  };
}
