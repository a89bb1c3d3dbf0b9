import { freshPglite } from "./empty-pglite";
import { type PGlite } from "@electric-sql/pglite";
import { createPgliteMigrationFactory } from "./fixed-pglite-adapter";
import { deployMigrations, migrationStatus } from "./migrator";
import { createTempRepo, widgetTableSql, type TempRepo, type TempService } from "./temp-service-fixture";

jest.setTimeout(120_000);

// The same folder name in both services: one shared _prisma_migrations table would
// take the second service's migration for already applied.
const INIT = "20240101000000_init";

const migrationsIn = async (pglite: PGlite, schema: string): Promise<string[]> =>
  (await pglite.query<{ migration_name: string }>(`SELECT migration_name FROM "${schema}"."_prisma_migrations" WHERE finished_at IS NOT NULL`)).rows.map(
    (row) => row.migration_name,
  );

describe("given two services with their own schemas deploying into one database", () => {
  let pglite: PGlite;
  let repo: TempRepo;
  let billing: TempService;
  let crm: TempService;
  let applied: { applied: string[] }[];
  let searchPathBefore: string | undefined;

  beforeAll(async () => {
    pglite = await freshPglite();
    repo = createTempRepo();
    billing = repo.addService("billing");
    crm = repo.addService("crm");
    billing.writeMigrationSql(INIT, widgetTableSql("billing"));
    crm.writeMigrationSql(INIT, widgetTableSql("crm"));
    crm.writeMigrationSql("20240102000000_notes", 'CREATE TABLE "crm"."notes" ("id" INTEGER);\n');
    searchPathBefore = (await pglite.query<{ search_path: string }>("SHOW search_path")).rows[0]?.search_path;
    const factory = createPgliteMigrationFactory(pglite);
    // Concurrently on purpose: the migrator must serialise them on the one PGlite session.
    applied = await Promise.all([deployMigrations(billing.dir, factory), deployMigrations(crm.dir, factory)]);
  });
  afterAll(async () => {
    repo.remove();
    await pglite.close();
  });

  test("when both deploy, then each applies its own migrations", () => {
    expect(applied).toEqual([{ applied: [INIT] }, { applied: [INIT, "20240102000000_notes"] }]);
  });

  test("then each service's _prisma_migrations lives in its own schema and none in public", async () => {
    expect(await migrationsIn(pglite, "billing")).toEqual([INIT]);
    expect(await migrationsIn(pglite, "crm")).toEqual([INIT, "20240102000000_notes"]);
    const publicTables = await pglite.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    expect(publicTables.rows).toEqual([]);
  });

  test("when reading each status, then each sees only its own history", async () => {
    const factory = createPgliteMigrationFactory(pglite);
    expect((await migrationStatus(billing.dir, factory)).applied).toEqual([INIT]);
    expect((await migrationStatus(crm.dir, factory)).applied).toEqual([INIT, "20240102000000_notes"]);
  });

  test("when a service gains a migration, then only that service applies it", async () => {
    billing.writeMigrationSql("20240103000000_invoices", 'CREATE TABLE "billing"."invoices" ("id" INTEGER);\n');
    const factory = createPgliteMigrationFactory(pglite);
    expect(await deployMigrations(crm.dir, factory)).toEqual({ applied: [] });
    expect(await deployMigrations(billing.dir, factory)).toEqual({ applied: ["20240103000000_invoices"] });
  });

  test("then the session's search_path is restored after migrating", async () => {
    const result = await pglite.query<{ search_path: string }>("SHOW search_path");
    expect(result.rows[0]?.search_path).toBe(searchPathBefore);
    expect(searchPathBefore).toBeDefined();
  });
});
