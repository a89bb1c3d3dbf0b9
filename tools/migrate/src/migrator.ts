import type { MigrationAdapterFactory } from "./migration-adapter";
import { listMigrationNames, nextMigrationName, readMigrationsList, toMigrationSlug, writeMigration } from "./migrations-folder";
import { createOfflineMigrationFactory } from "./offline-migration-factory";
import { NO_FILTERS, withSchemaEngine, type SchemaEngine } from "./schema-engine";
import { readServiceSchema, type ServiceSchema } from "./service-schema";

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  /** Started and not finished: recorded as failed, never as applied. */
  failed: string[];
  /** Applied, but the file changed since (checksum mismatch). */
  edited: string[];
  /** Applied in the database but absent from the folder. */
  missingFromFolder: string[];
}

export class MigrationFailedError extends Error {
  constructor(
    readonly service: string,
    readonly migrationName: string,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(
      `${service}: migration ${migrationName} failed: ${reason}\n` +
        `It is recorded as failed, not applied. Fix the database or the migration, then run: ` +
        `cli.ts resolve --service <dir> --rolled-back ${migrationName}`,
      options,
    );
    this.name = "MigrationFailedError";
  }
}

const queues = new WeakMap<object, Promise<unknown>>();

/** One migration at a time per factory: a PGlite session's search_path is shared state. */
function exclusive<T>(key: object, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
  queues.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}

function onDatabase<T>(service: ServiceSchema, factory: MigrationAdapterFactory, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  return exclusive(factory, async () => {
    const scoped = factory.forSchema(service.dbSchema);
    try {
      return await withSchemaEngine(service.schema, scoped, work);
    } finally {
      await scoped.close();
    }
  });
}

function databaseReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /^Error querying the database: (.*)$/m.exec(message)?.[1] ?? message.split("\n")[0] ?? message;
}

/** `migrate deploy`: applies the folder's pending migrations in order. */
export async function deployMigrations(serviceDir: string, adapterFactory: MigrationAdapterFactory): Promise<{ applied: string[] }> {
  const service = readServiceSchema(serviceDir);
  const migrationsList = readMigrationsList(service.migrationsDir);
  return onDatabase(service, adapterFactory, async (engine) => {
    try {
      const output = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
      return { applied: output.appliedMigrationNames };
    } catch (error) {
      const diagnosis = await engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: NO_FILTERS }).catch(() => undefined);
      const failed = diagnosis?.failedMigrationNames[0];
      if (failed !== undefined) throw new MigrationFailedError(service.name, failed, databaseReason(error), { cause: error });
      throw error;
    }
  });
}

export async function migrationStatus(serviceDir: string, adapterFactory: MigrationAdapterFactory): Promise<MigrationStatus> {
  const service = readServiceSchema(serviceDir);
  const migrationsList = readMigrationsList(service.migrationsDir);
  const diagnosis = await onDatabase(service, adapterFactory, (engine) =>
    engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: NO_FILTERS }),
  );
  const history = diagnosis.history;
  const failed = diagnosis.failedMigrationNames;
  const unapplied = history && "unappliedMigrationNames" in history ? history.unappliedMigrationNames : [];
  const missingFromFolder = history && "unpersistedMigrationNames" in history ? history.unpersistedMigrationNames : [];
  const local = migrationsList.migrationDirectories.map((directory) => directory.path);
  return {
    applied: [...local.filter((name) => !unapplied.includes(name) && !failed.includes(name)), ...missingFromFolder],
    pending: unapplied.filter((name) => !failed.includes(name)),
    failed,
    edited: diagnosis.editedMigrationNames,
    missingFromFolder,
  };
}

/** `migrate resolve --rolled-back`: lets deploy retry a failed migration once it is fixed. */
export async function markMigrationRolledBack(serviceDir: string, adapterFactory: MigrationAdapterFactory, migrationName: string): Promise<void> {
  const service = readServiceSchema(serviceDir);
  await onDatabase(service, adapterFactory, (engine) => engine.markMigrationRolledBack({ migrationName }));
}

/** The SQL that takes the folder's migrations to the schema file, or "" when they match. */
async function missingSql(service: ServiceSchema): Promise<string> {
  const migrationsList = readMigrationsList(service.migrationsDir);
  const offline = createOfflineMigrationFactory(service.dbSchema);
  try {
    return await withSchemaEngine(service.schema, offline, async (engine) => {
      const result = await engine.diff({
        from: { tag: "migrations", ...migrationsList },
        to: { tag: "schemaDatamodel", files: [service.schema] },
        script: true,
        exitCode: true,
        filters: NO_FILTERS,
      });
      return result.exitCode === 0 ? "" : (result.stdout ?? "");
    });
  } finally {
    await offline.close();
  }
}

/** Drift: the schema file changed without a migration. Needs no database. */
export async function checkDrift(serviceDir: string): Promise<{ inSync: boolean; sql: string }> {
  const sql = await missingSql(readServiceSchema(serviceDir));
  return { inSync: sql === "", sql };
}

/** `migrate dev --create-only`: writes the next migration from the schema file, without a database. */
export async function createMigration(serviceDir: string, name: string): Promise<{ created: string | null; message: string }> {
  const slug = toMigrationSlug(name);
  const service = readServiceSchema(serviceDir);
  const sql = await missingSql(service);
  if (sql === "") {
    return { created: null, message: `${service.name}: schema and migrations are in sync, no migration created` };
  }
  const folder = nextMigrationName(listMigrationNames(service.migrationsDir), slug);
  const file = writeMigration(service.migrationsDir, folder, sql);
  return { created: folder, message: `${service.name}: created ${file}` };
}
