import {
  createPgliteMigrationFactory,
  createPostgresMigrationFactory,
  deployMigrations,
  findMigratableServices,
  findRepoRoot,
  isUpToDate,
} from "@rebound/platform/src/db/migrate";
import type { Database, Logger } from "@rebound/platform";
import { basename } from "node:path";

/** Applies every service's pending migrations (each service owns a schema and its own migration history). */
export async function migrateAll(database: Database, logger: Logger): Promise<void> {
  const factory = database.pglite
    ? createPgliteMigrationFactory(database.pglite)
    : createPostgresMigrationFactory(database.databaseUrl as string);
  for (const serviceDir of findMigratableServices(findRepoRoot(__dirname))) {
    if (await isUpToDate(serviceDir, database)) continue;
    const { applied } = await deployMigrations(serviceDir, factory);
    if (applied.length > 0) logger.info({ service: basename(serviceDir), applied }, "migrations applied");
  }
}
