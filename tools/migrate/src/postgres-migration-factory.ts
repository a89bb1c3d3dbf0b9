import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import { overrideAdapter, quoteSchema, type MigrationAdapterFactory, type ScopedMigrationAdapterFactory } from "./migration-adapter";

const ADAPTER_NAME = "pg-migrate";

/**
 * @prisma/adapter-pg splits scripts on ";" (breaking function bodies and string
 * literals) and runs the pieces outside any transaction. The whole script goes to
 * the server as one simple-protocol query instead, as the native engine sends it:
 * PostgreSQL runs it as one implicit transaction, so a failing migration leaves
 * nothing half-applied.
 */
async function connectFixed(factory: PrismaPg, schemaName?: string, opened?: Set<SqlDriverAdapter>): Promise<SqlDriverAdapter> {
  const adapter = await factory.connect();
  const pool = adapter.underlyingDriver();
  const fixed = overrideAdapter(adapter, {
    schemaName,
    runScript: (script) => pool.query(script),
    onDispose: async () => {
      opened?.delete(fixed);
    },
  });
  opened?.add(fixed);
  return fixed;
}

async function disposeAll(opened: Set<SqlDriverAdapter>): Promise<void> {
  await Promise.all([...opened].map((adapter) => adapter.dispose()));
}

/** Migrates a PostgreSQL database; each scoped factory opens its own pools and closes them on `close`. */
export function createPostgresMigrationFactory(connectionString: string): MigrationAdapterFactory {
  const unscoped = new PrismaPg({ connectionString, max: 1 });
  return {
    provider: "postgres",
    adapterName: ADAPTER_NAME,
    connect: () => connectFixed(unscoped),
    connectToShadowDb: () => unscoped.connectToShadowDb(),
    forSchema(schema: string): ScopedMigrationAdapterFactory {
      // search_path as a startup parameter, so a reconnect keeps it. One connection,
      // as the native engine holds: its advisory lock is per session.
      const scoped = new PrismaPg({ connectionString, max: 1, idleTimeoutMillis: 0, options: `-c search_path=${quoteSchema(schema)}` }, { schema });
      const opened = new Set<SqlDriverAdapter>();
      return {
        provider: "postgres",
        adapterName: ADAPTER_NAME,
        connect: () => connectFixed(scoped, schema, opened),
        connectToShadowDb: () => scoped.connectToShadowDb(),
        close: () => disposeAll(opened),
      };
    },
  };
}
