import { DriverAdapterError, isDriverAdapterError, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

/**
 * A driver adapter factory the migrator can point at one service's schema. The
 * schema engine reads and writes `_prisma_migrations` without a schema prefix,
 * so the table lands in the connection's search_path: a service's connections
 * must resolve unqualified names in its own schema, as the native engine's
 * `?schema=<name>` URL parameter does.
 */
export interface MigrationAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  forSchema(schema: string): ScopedMigrationAdapterFactory;
}

export interface ScopedMigrationAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  /** Releases what the engine connected (it never disposes its adapters itself). */
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid schema name "${schema}": use lower-case letters, digits and underscores`);
  }
}

export function quoteSchema(schema: string): string {
  assertSchemaName(schema);
  return `"${schema}"`;
}

interface PostgresLikeError {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
  detail?: unknown;
  column?: unknown;
  hint?: unknown;
}

const optionalString = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** Maps a pg/PGlite error to the shape the engine prints with the database's own message. */
export function toDriverAdapterError(error: unknown): unknown {
  if (isDriverAdapterError(error) || typeof error !== "object" || error === null) return error;
  const pgError = error as PostgresLikeError;
  if (typeof pgError.code !== "string" || typeof pgError.message !== "string") return error;
  return new DriverAdapterError({
    kind: "postgres",
    code: pgError.code,
    severity: optionalString(pgError.severity) ?? "ERROR",
    message: pgError.message,
    detail: optionalString(pgError.detail),
    column: optionalString(pgError.column),
    hint: optionalString(pgError.hint),
  });
}

export interface AdapterOverrides {
  /** Reported to the engine; it creates this schema if missing. */
  schemaName?: string;
  /** Runs a whole migration script as one simple-protocol query (one implicit transaction). */
  runScript(script: string): Promise<unknown>;
  onDispose?(): Promise<void>;
}

/** Delegates to `adapter`, replacing how scripts run and which schema is reported. */
export function overrideAdapter(adapter: SqlDriverAdapter, overrides: AdapterOverrides): SqlDriverAdapter {
  const info = adapter.getConnectionInfo?.() ?? { supportsRelationJoins: true };
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    executeScript: async (script) => {
      try {
        await overrides.runScript(script);
      } catch (error) {
        throw toDriverAdapterError(error);
      }
    },
    getConnectionInfo: () => (overrides.schemaName === undefined ? info : { ...info, schemaName: overrides.schemaName }),
    dispose: async () => {
      await adapter.dispose();
      await overrides.onDispose?.();
    },
  };
}
