import { type PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import type { Database } from "@rebound/platform";
import { freshPglite } from "./empty-pglite";
import type { Pool } from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { createPostgresMigrationFactory } from "./postgres-migration-factory";
import { overrideAdapter, quoteSchema, type MigrationAdapterFactory, type ScopedMigrationAdapterFactory } from "./migration-adapter";

const ADAPTER_NAME = "pglite-migrate";

/**
 * A PGlite adapter whose executeScript awaits the script: pglite-prisma-adapter
 * 0.7.2 fires `exec` without awaiting it, so a failing migration would be
 * recorded as applied.
 */
export async function connectFixedPglite(pglite: PGlite, schemaName?: string): Promise<SqlDriverAdapter> {
  const adapter = await new PrismaPGlite(pglite).connect();
  return overrideAdapter(adapter, { schemaName, runScript: (script) => pglite.exec(script) });
}

async function useSchema(pglite: PGlite, schema: string): Promise<void> {
  await pglite.exec(`SET search_path TO ${quoteSchema(schema)}`);
}

/** A fresh in-memory database per shadow connection, closed when the engine or `close` disposes it. */
function shadowDatabases(schema?: string) {
  const open = new Set<PGlite>();
  const closeOne = async (pglite: PGlite) => {
    open.delete(pglite);
    if (!pglite.closed) await pglite.close();
  };
  return {
    async connect(): Promise<SqlDriverAdapter> {
      const pglite = await freshPglite();
      open.add(pglite);
      if (schema !== undefined) await useSchema(pglite, schema);
      // No schema name reported: the engine would create it before replaying the
      // migrations, hiding a first migration's missing CREATE SCHEMA.
      const adapter = await connectFixedPglite(pglite);
      return { ...adapter, dispose: async () => closeOne(pglite) };
    },
    async closeAll(): Promise<void> {
      await Promise.all([...open].map(closeOne));
    },
  };
}

/**
 * Migrates a PGlite database open in this process (the CLI, the test template). PGlite is one session, so a scoped factory sets
 * that session's search_path while it migrates and restores it on `close`.
 */
export function createPgliteMigrationFactory(pglite: PGlite): MigrationAdapterFactory {
  const unscopedShadows = shadowDatabases();
  return {
    provider: "postgres",
    adapterName: ADAPTER_NAME,
    connect: () => connectFixedPglite(pglite),
    connectToShadowDb: () => unscopedShadows.connect(),
    forSchema(schema: string): ScopedMigrationAdapterFactory {
      quoteSchema(schema);
      const shadows = shadowDatabases(schema);
      let previousSearchPath: string | undefined;
      return {
        provider: "postgres",
        adapterName: ADAPTER_NAME,
        async connect() {
          if (previousSearchPath === undefined) {
            const result = await pglite.query<{ search_path: string }>("SHOW search_path");
            previousSearchPath = result.rows[0]?.search_path ?? "public";
          }
          await useSchema(pglite, schema);
          return connectFixedPglite(pglite, schema);
        },
        connectToShadowDb: () => shadows.connect(),
        async close() {
          await shadows.closeAll();
          if (previousSearchPath !== undefined && !pglite.closed) {
            await pglite.exec(`SET search_path TO ${previousSearchPath}`);
          }
        },
      };
    },
  };
}

/**
 * Migrates the process's database (`openDatabase`): PostgreSQL with its own connections,
 * or standalone's PGlite through the process's one connection to the PGlite thread.
 */
export function migrationFactoryFor(database: Database): MigrationAdapterFactory {
  if (database.kind === "postgres") return createPostgresMigrationFactory(database.databaseUrl as string);
  return createSessionMigrationFactory(database.pool);
}

/**
 * Migrates a one-session database through `pool` (max 1 connection: standalone's PGlite
 * behind its socket). A scoped factory sets that session's search_path while it migrates and
 * restores it on `close`, as for PGlite in process.
 */
function createSessionMigrationFactory(pool: Pool): MigrationAdapterFactory {
  const unscopedShadows = shadowDatabases();
  const connect = async (schemaName?: string) => overrideAdapter(await new PrismaPg(pool).connect(), { schemaName, runScript: (script) => pool.query(script) });
  return {
    provider: "postgres",
    adapterName: ADAPTER_NAME,
    connect: () => connect(),
    connectToShadowDb: () => unscopedShadows.connect(),
    forSchema(schema: string): ScopedMigrationAdapterFactory {
      const quoted = quoteSchema(schema);
      const shadows = shadowDatabases(schema);
      let previousSearchPath: string | undefined;
      return {
        provider: "postgres",
        adapterName: ADAPTER_NAME,
        async connect() {
          if (previousSearchPath === undefined) {
            const result = await pool.query<{ search_path: string }>("SHOW search_path");
            previousSearchPath = result.rows[0]?.search_path ?? "public";
          }
          await pool.query(`SET search_path TO ${quoted}`);
          return connect(schema);
        },
        connectToShadowDb: () => shadows.connect(),
        async close() {
          await shadows.closeAll();
          if (previousSearchPath !== undefined) await pool.query(`SET search_path TO ${previousSearchPath}`);
        },
      };
    },
  };
}
