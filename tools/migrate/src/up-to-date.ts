import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "@rebound/platform";
import { listMigrationNames, MIGRATION_FILE_NAME } from "./migrations-folder";
import { readServiceSchema } from "./service-schema";

/**
 * True when every migration in the service's folder is recorded as applied with the
 * same checksum: a cheap check so a warm start need not load the schema engine.
 * Anything unusual (no table, a failed or edited migration) answers false and the
 * caller runs the real deploy, which reports it properly.
 */
export async function isUpToDate(serviceDir: string, database: Database): Promise<boolean> {
  const service = readServiceSchema(serviceDir);
  const names = listMigrationNames(service.migrationsDir);
  if (names.length === 0) return false;
  let rows: { migration_name: string; checksum: string }[];
  try {
    rows = await database.query(
      `SELECT migration_name, checksum FROM "${service.dbSchema}"."_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
  } catch {
    return false;
  }
  const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
  return names.every((name) => {
    const sql = readFileSync(join(service.migrationsDir, name, MIGRATION_FILE_NAME));
    return applied.get(name) === createHash("sha256").update(sql).digest("hex");
  });
}
