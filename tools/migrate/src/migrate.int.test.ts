import { describeIf } from "@rebound/testing";
import { Client } from "pg";
import { deployMigrations, MigrationFailedError, migrationStatus } from "./migrator";
import { createPostgresMigrationFactory } from "./postgres-migration-factory";
import { createTempRepo, widgetTableSql, type TempRepo, type TempService } from "./temp-service-fixture";

jest.setTimeout(120_000);

const INIT = "20240101000000_init";

function registerPostgresSuite(databaseUrl: string): void {
  describe("given two services deploying into one PostgreSQL database", () => {
    // Unique per run, dropped afterwards, so runs never collide.
    const run = Date.now();
    const schemas = { orders: `mig_orders_${run}`, ledger: `mig_ledger_${run}` };
    const factory = createPostgresMigrationFactory(databaseUrl);
    const client = new Client({ connectionString: databaseUrl });
    let repo: TempRepo;
    let orders: TempService;
    let ledger: TempService;

    const appliedIn = async (schema: string): Promise<string[]> =>
      (
        await client.query<{ migration_name: string }>(`SELECT migration_name FROM "${schema}"."_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY 1`)
      ).rows.map((row) => row.migration_name);

    beforeAll(async () => {
      await client.connect();
      repo = createTempRepo();
      orders = repo.addService(schemas.orders);
      ledger = repo.addService(schemas.ledger);
      orders.writeMigrationSql(INIT, widgetTableSql(schemas.orders));
      ledger.writeMigrationSql(INIT, widgetTableSql(schemas.ledger));
      // Semicolons inside a function body: the script must reach the server whole.
      ledger.writeMigrationSql(
        "20240102000000_fn",
        `CREATE FUNCTION "${schemas.ledger}".answer() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 42; END; $$;\n`,
      );
    });
    afterAll(async () => {
      await client.query(`DROP SCHEMA IF EXISTS "${schemas.orders}" CASCADE; DROP SCHEMA IF EXISTS "${schemas.ledger}" CASCADE`);
      await client.end();
      repo.remove();
    });

    test("when both deploy, then each applies its own migrations into its own _prisma_migrations", async () => {
      expect(await deployMigrations(orders.dir, factory)).toEqual({ applied: [INIT] });
      expect(await deployMigrations(ledger.dir, factory)).toEqual({ applied: [INIT, "20240102000000_fn"] });
      expect(await appliedIn(schemas.orders)).toEqual([INIT]);
      expect(await appliedIn(schemas.ledger)).toEqual([INIT, "20240102000000_fn"]);
      expect((await client.query<{ answer: number }>(`SELECT "${schemas.ledger}".answer() AS answer`)).rows[0]?.answer).toBe(42);
    });

    test("when reading the status, then each service is up to date with only its own history", async () => {
      expect(await migrationStatus(orders.dir, factory)).toMatchObject({ applied: [INIT], pending: [], failed: [] });
      expect(await migrationStatus(ledger.dir, factory)).toMatchObject({ applied: [INIT, "20240102000000_fn"], pending: [], failed: [] });
    });

    test("when deploying again, then nothing is applied", async () => {
      expect(await deployMigrations(orders.dir, factory)).toEqual({ applied: [] });
    });

    test("when a migration fails, then it throws naming it, is recorded failed, and none of its statements remain", async () => {
      const bad = "20240103000000_bad";
      orders.writeMigrationSql(bad, `CREATE TABLE "${schemas.orders}"."partial" ("id" INTEGER);\nCREATE TABLE "${schemas.orders}"."broken" ("id" INTEGR);\n`);
      const error = await deployMigrations(orders.dir, factory).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MigrationFailedError);
      expect((error as MigrationFailedError).migrationName).toBe(bad);
      expect(await migrationStatus(orders.dir, factory)).toMatchObject({ applied: [INIT], failed: [bad] });
      const partial = await client.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'partial'", [schemas.orders]);
      expect(partial.rows).toHaveLength(0);
    });
  });
}

const databaseUrl = process.env.DATABASE_URL;
describeIf(Boolean(databaseUrl), "set DATABASE_URL to run it; .ci/run does")("migrations on PostgreSQL", () => {
  registerPostgresSuite(databaseUrl as string);
});
