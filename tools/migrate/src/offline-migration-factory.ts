import type { PGlite } from "@electric-sql/pglite";
import { freshPglite } from "./empty-pglite";
import { connectFixedPglite } from "./fixed-pglite-adapter";
import { quoteSchema, type ScopedMigrationAdapterFactory } from "./migration-adapter";

/**
 * What `create` and `check` run on: no real database, only a throwaway in-memory
 * PGlite. The engine probes its main connection when it starts even for a diff of
 * migrations against the schema, and a fresh PGlite takes seconds to boot, so one
 * instance serves both as that (untouched) main connection and as the shadow
 * database the migrations are replayed into. It starts from the dumped empty data
 * folder (empty-pglite.ts), not from initdb.
 */
export function createOfflineMigrationFactory(schema: string): ScopedMigrationAdapterFactory {
  quoteSchema(schema);
  let pglite: Promise<PGlite> | undefined;
  const instance = (): Promise<PGlite> => (pglite ??= freshPglite());
  return {
    provider: "postgres",
    adapterName: "pglite-offline",
    // No schema name reported to the engine on either connection: it would create
    // the service schema before the replay, and the first migration would then
    // lack its own CREATE SCHEMA.
    connect: async () => connectFixedPglite(await instance()),
    async connectToShadowDb() {
      const shadow = await instance();
      await shadow.exec(`SET search_path TO ${quoteSchema(schema)}`);
      return connectFixedPglite(shadow);
    },
    async close() {
      const started = await pglite?.catch(() => undefined);
      if (started && !started.closed) await started.close();
    },
  };
}
