import { freshPglite } from "./empty-pglite";
import { type PGlite } from "@electric-sql/pglite";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createPgliteMigrationFactory } from "./fixed-pglite-adapter";
import { checkDrift, createMigration, deployMigrations, migrationStatus } from "./migrator";
import { createTempRepo, widgetModel, type TempRepo, type TempService } from "./temp-service-fixture";

jest.setTimeout(120_000);

const tablesIn = async (pglite: PGlite, schema: string): Promise<string[]> =>
  (await pglite.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1", [schema])).rows.map(
    (row) => row.table_name,
  );

describe("given a service whose first migration was created and deployed", () => {
  let pglite: PGlite;
  let repo: TempRepo;
  let service: TempService;
  let created: string | null;
  let firstDeploy: string[];

  beforeAll(async () => {
    pglite = await freshPglite();
    repo = createTempRepo();
    service = repo.addService("shop");
    created = (await createMigration(service.dir, "Init Shop!")).created;
    firstDeploy = (await deployMigrations(service.dir, createPgliteMigrationFactory(pglite))).applied;
  });
  afterAll(async () => {
    repo.remove();
    await pglite.close();
  });

  test("then the migration folder holds the generated SQL and the lockfile", () => {
    expect(created).toMatch(/^\d{14}_init_shop$/);
    const sql = readFileSync(join(service.migrationsDir, created ?? "", "migration.sql"), "utf8");
    expect(sql).toContain('CREATE SCHEMA IF NOT EXISTS "shop"');
    expect(sql).toContain('CREATE TABLE "shop"."Widget"');
    expect(readFileSync(join(service.migrationsDir, "migration_lock.toml"), "utf8")).toContain('provider = "postgresql"');
  });

  test("then deploy applied it and _prisma_migrations lives in the service's schema", async () => {
    expect(firstDeploy).toEqual([created]);
    expect(await tablesIn(pglite, "shop")).toEqual(["Widget", "_prisma_migrations"]);
    expect(await tablesIn(pglite, "public")).toEqual([]);
  });

  test("when reading the status, then the migration is applied and nothing is pending or failed", async () => {
    const status = await migrationStatus(service.dir, createPgliteMigrationFactory(pglite));
    expect(status).toEqual({ applied: [created], pending: [], failed: [], edited: [], missingFromFolder: [] });
  });

  test("when deploying again, then nothing is applied", async () => {
    expect(await deployMigrations(service.dir, createPgliteMigrationFactory(pglite))).toEqual({ applied: [] });
  });

  test("when the schema is unchanged, then there is no drift and create writes nothing", async () => {
    expect(await checkDrift(service.dir)).toEqual({ inSync: true, sql: "" });
    const result = await createMigration(service.dir, "nothing");
    expect(result.created).toBeNull();
    expect(result.message).toContain("in sync");
  });
});

describe("given a deployed service whose schema gained a column without a migration", () => {
  let pglite: PGlite;
  let repo: TempRepo;
  let service: TempService;

  beforeAll(async () => {
    pglite = await freshPglite();
    repo = createTempRepo();
    service = repo.addService("shop");
    await createMigration(service.dir, "init");
    await deployMigrations(service.dir, createPgliteMigrationFactory(pglite));
    service.writeModels(widgetModel("shop").replace("name String", "name String\n  colour String?"));
  });
  afterAll(async () => {
    repo.remove();
    await pglite.close();
  });

  test("when checking drift, then it reports the missing column", async () => {
    const drift = await checkDrift(service.dir);
    expect(drift.inSync).toBe(false);
    expect(drift.sql).toContain('ALTER TABLE "shop"."Widget" ADD COLUMN     "colour" TEXT');
  });

  test("when creating a second migration and deploying, then only the delta is written and applied", async () => {
    const { created } = await createMigration(service.dir, "add colour");
    expect(created).toMatch(/^\d{14}_add_colour$/);
    const sql = readFileSync(join(service.migrationsDir, created ?? "", "migration.sql"), "utf8");
    expect(sql).toContain('ADD COLUMN     "colour" TEXT');
    expect(sql).not.toContain("CREATE TABLE");

    expect(await deployMigrations(service.dir, createPgliteMigrationFactory(pglite))).toEqual({ applied: [created] });
    const columns = await pglite.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = 'shop' AND table_name = 'Widget' ORDER BY ordinal_position",
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(["id", "name", "colour"]);
    expect((await checkDrift(service.dir)).inSync).toBe(true);
    expect(existsSync(join(service.migrationsDir, created ?? "", "migration.sql"))).toBe(true);
  });
});
