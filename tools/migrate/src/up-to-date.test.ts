import { openDatabase, type Database } from "@rebound/platform";
import { migrationFactoryFor } from "./fixed-pglite-adapter";
import { deployMigrations } from "./migrator";
import { createTempRepo, widgetTableSql, type TempRepo, type TempService } from "./temp-service-fixture";
import { isUpToDate } from "./up-to-date";

jest.setTimeout(120_000);

describe("isUpToDate (the warm-start check that skips the schema engine)", () => {
  let database: Database;
  let repo: TempRepo;
  let shop: TempService;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory" });
    repo = createTempRepo();
    shop = repo.addService("shop");
    shop.writeMigrationSql("20240101000000_init", widgetTableSql("shop"));
  });
  afterAll(async () => {
    repo.remove();
    await database.close();
  });

  it("is false before the first deploy and true after it", async () => {
    expect(await isUpToDate(shop.dir, database)).toBe(false);
    await deployMigrations(shop.dir, migrationFactoryFor(database));
    expect(await isUpToDate(shop.dir, database)).toBe(true);
  });

  it("is false when a new migration is added or an applied one was edited", async () => {
    shop.writeMigrationSql("20240102000000_more", 'CREATE TABLE "shop"."more" ("id" INTEGER);\n');
    expect(await isUpToDate(shop.dir, database)).toBe(false);
    await deployMigrations(shop.dir, migrationFactoryFor(database));
    expect(await isUpToDate(shop.dir, database)).toBe(true);
    shop.writeMigrationSql("20240102000000_more", 'CREATE TABLE "shop"."more" ("id" BIGINT);\n');
    expect(await isUpToDate(shop.dir, database)).toBe(false);
  });
});
