import { deployMigrations, findMigratableServices, findRepoRoot, isUpToDate, migrationFactoryFor } from "@rebound/migrate";
import type { Database, Logger } from "@rebound/platform";
import { basename } from "node:path";

/** Applies every service's pending migrations (each service owns a schema and its own migration history). */
export async function migrateAll(database: Database, logger: Logger): Promise<void> {
  const factory = migrationFactoryFor(database);
  for (const serviceDir of findMigratableServices(findRepoRoot(__dirname))) {
    if (await isUpToDate(serviceDir, database)) continue;
    const { applied } = await deployMigrations(serviceDir, factory);
    if (applied.length > 0) logger.info({ service: basename(serviceDir), applied }, "migrations applied");
  }
}
