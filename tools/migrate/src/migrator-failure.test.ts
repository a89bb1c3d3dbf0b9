import { freshPglite } from "./empty-pglite";
import { type PGlite } from "@electric-sql/pglite";
import { createPgliteMigrationFactory } from "./fixed-pglite-adapter";
import { deployMigrations, markMigrationRolledBack, MigrationFailedError, migrationStatus } from "./migrator";
import { createTempRepo, widgetTableSql, type TempRepo, type TempService } from "./temp-service-fixture";

jest.setTimeout(120_000);

const INIT = "20240101000000_init";
const BAD = "20240102000000_add_gadgets";

describe("given a service whose second migration has invalid SQL", () => {
  let pglite: PGlite;
  let repo: TempRepo;
  let service: TempService;
  let deployError: unknown;

  beforeAll(async () => {
    pglite = await freshPglite();
    repo = createTempRepo();
    service = repo.addService("shop");
    service.writeMigrationSql(INIT, widgetTableSql("shop"));
    service.writeMigrationSql(BAD, 'CREATE TABLE "shop"."gadgets" ("id" INTEGER);\nCREATE TABLE "shop"."broken" ("id" INTEGR);\n');
    deployError = await deployMigrations(service.dir, createPgliteMigrationFactory(pglite)).catch((error: unknown) => error);
  });
  afterAll(async () => {
    repo.remove();
    await pglite.close();
  });

  test("when deploying, then it throws naming the failed migration and the database error", () => {
    expect(deployError).toBeInstanceOf(MigrationFailedError);
    expect((deployError as MigrationFailedError).migrationName).toBe(BAD);
    expect((deployError as Error).message).toContain(`migration ${BAD} failed`);
    expect((deployError as Error).message).toContain('type "integr" does not exist');
  });

  test("then the status reports it failed, not applied, and the earlier one applied", async () => {
    const status = await migrationStatus(service.dir, createPgliteMigrationFactory(pglite));
    expect(status.applied).toEqual([INIT]);
    expect(status.failed).toEqual([BAD]);
    expect(status.pending).toEqual([]);
  });

  test("then _prisma_migrations records it unfinished and none of its statements took effect", async () => {
    const rows = await pglite.query<{ migration_name: string; finished: boolean }>(
      'SELECT migration_name, finished_at IS NOT NULL AS finished FROM "shop"."_prisma_migrations" ORDER BY started_at',
    );
    expect(rows.rows).toEqual([
      { migration_name: INIT, finished: true },
      { migration_name: BAD, finished: false },
    ]);
    const gadgets = await pglite.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'shop' AND table_name = 'gadgets'");
    expect(gadgets.rows).toHaveLength(0);
  });

  test("when deploying again before resolving it, then it still refuses", async () => {
    await expect(deployMigrations(service.dir, createPgliteMigrationFactory(pglite))).rejects.toThrow(BAD);
  });

  test("when it is fixed and marked rolled back, then the next deploy applies it", async () => {
    service.writeMigrationSql(BAD, 'CREATE TABLE "shop"."gadgets" ("id" INTEGER);\n');
    await markMigrationRolledBack(service.dir, createPgliteMigrationFactory(pglite), BAD);
    expect(await deployMigrations(service.dir, createPgliteMigrationFactory(pglite))).toEqual({ applied: [BAD] });
    const status = await migrationStatus(service.dir, createPgliteMigrationFactory(pglite));
    expect(status).toMatchObject({ applied: [INIT, BAD], failed: [], pending: [] });
  });
});
