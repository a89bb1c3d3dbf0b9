export { createPgliteMigrationFactory, migrationFactoryFor } from "./fixed-pglite-adapter";
export type { MigrationAdapterFactory, ScopedMigrationAdapterFactory } from "./migration-adapter";
export {
  checkDrift,
  createMigration,
  deployMigrations,
  markMigrationRolledBack,
  MigrationFailedError,
  migrationStatus,
  type MigrationStatus,
} from "./migrator";
export { createPostgresMigrationFactory } from "./postgres-migration-factory";
export { findMigratableServices, findRepoRoot } from "./service-discovery";
export { isUpToDate } from "./up-to-date";
export { emptyPgliteDump, freshPglite } from "./empty-pglite";
