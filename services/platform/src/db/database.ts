import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { pgliteNativeSql, type NativeSql } from "./native-sql";

/**
 * The process's database: one PGlite instance shared by every service in
 * standalone (PGlite is a single connection; it serialises transactions itself),
 * or PostgreSQL, where each Prisma client gets its own pool.
 */
export interface Database {
  readonly kind: "pglite" | "postgres";
  /** A driver adapter factory for one Prisma client. */
  adapterFactory(): SqlDriverAdapterFactory;
  /** The PGlite instance in standalone, for migrations. */
  readonly pglite?: PGlite;
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
  let pglite: PGlite;
  if (dataDir === "memory") {
    pglite = new PGlite();
  } else {
    const path = pgliteDataPath(dataDir);
    mkdirSync(dirname(path), { recursive: true });
    pglite = new PGlite(path);
  }
  await pglite.waitReady;
  // NativeSql inlines values as literals, which relies on this (the default since PostgreSQL 9.1).
  await pglite.exec("SET standard_conforming_strings = on");
  return {
    kind: "pglite",
    pglite,
    nativeSql: pgliteNativeSql(pglite),
    adapterFactory: () => new PrismaPGlite(pglite),
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
