import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A throwaway repository (package.json with workspaces) under the OS temp dir, for migrator tests. */
export interface TempRepo {
  root: string;
  addService(dbSchema: string, models?: string): TempService;
  remove(): void;
}

/** `<root>/services/<dbSchema>` with a prisma/schema.prisma owning Postgres schema `dbSchema`. */
export interface TempService {
  dir: string;
  migrationsDir: string;
  writeModels(models: string): void;
  writeMigrationSql(folder: string, sql: string): void;
}

export const widgetModel = (schema: string): string => `
model Widget {
  id   Int    @id
  name String

  @@schema("${schema}")
}
`;

export function createTempRepo(): TempRepo {
  const root = mkdtempSync(join(tmpdir(), "migrate-test-"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "temp", private: true, workspaces: ["services/*"] }));
  return {
    root,
    addService(dbSchema, models = widgetModel(dbSchema)) {
      const dir = join(root, "services", dbSchema);
      const migrationsDir = join(dir, "prisma", "migrations");
      mkdirSync(join(dir, "prisma"), { recursive: true });
      const service: TempService = {
        dir,
        migrationsDir,
        writeModels(next) {
          const datasource = `datasource db {\n  provider = "postgresql"\n  schemas  = ["${dbSchema}"]\n}\n`;
          writeFileSync(join(dir, "prisma", "schema.prisma"), datasource + next);
        },
        writeMigrationSql(folder, sql) {
          mkdirSync(join(migrationsDir, folder), { recursive: true });
          writeFileSync(join(migrationsDir, folder, "migration.sql"), sql);
        },
      };
      service.writeModels(models);
      return service;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A hand-written first migration creating `<schema>.widgets`, so a test needs no diff (each boots a PGlite). */
export const widgetTableSql = (schema: string): string =>
  `CREATE SCHEMA IF NOT EXISTS "${schema}";\nCREATE TABLE "${schema}"."widgets" ("id" INTEGER NOT NULL PRIMARY KEY);\n`;
