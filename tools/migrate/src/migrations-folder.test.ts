import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { LOCKFILE_CONTENT, nextMigrationName, readMigrationsList, toMigrationSlug, writeMigration } from "./migrations-folder";
import { createTempRepo, type TempRepo } from "./temp-service-fixture";

describe("toMigrationSlug", () => {
  test.each([
    ["init", "init"],
    ["Add users!", "add_users"],
    ["addPhoneNumber", "add_phone_number"],
    ["  --drop  old-table-- ", "drop_old_table"],
  ])("given %j, when sanitised, then it is %j", (name, slug) => {
    expect(toMigrationSlug(name)).toBe(slug);
  });

  test("given a name without letters or digits, when sanitised, then it throws", () => {
    expect(() => toMigrationSlug("!!!")).toThrow("has no letters or digits");
  });
});

describe("nextMigrationName", () => {
  const now = new Date("2024-05-06T07:08:09.500Z");

  test("given no migrations, when naming, then it is the UTC timestamp and the slug", () => {
    expect(nextMigrationName([], "Init", now)).toBe("20240506070809_init");
  });

  test("given a migration from the same second, when naming, then it sorts after it", () => {
    expect(nextMigrationName(["20240506070809_init"], "add_x", now)).toBe("20240506070810_add_x");
  });

  test("given a migration dated after the clock, when naming, then it sorts after it", () => {
    expect(nextMigrationName(["20241231235959_future"], "next", now)).toBe("20250101000000_next");
  });
});

describe("given a service's migrations folder", () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = createTempRepo();
  });
  afterEach(() => repo.remove());

  test("when it does not exist yet, then it reads as no migrations with the postgresql lockfile", () => {
    const service = repo.addService("shop");
    expect(readMigrationsList(service.migrationsDir)).toEqual({
      baseDir: service.migrationsDir,
      lockfile: { path: "migration_lock.toml", content: LOCKFILE_CONTENT },
      shadowDbInitScript: "",
      migrationDirectories: [],
    });
  });

  test("when the first migration is written, then the lockfile is written too and both read back in order", () => {
    const service = repo.addService("shop");
    writeMigration(service.migrationsDir, "20240102000000_second", "SELECT 2;\n");
    writeMigration(service.migrationsDir, "20240101000000_first", "SELECT 1;\n");
    expect(readFileSync(join(service.migrationsDir, "migration_lock.toml"), "utf8")).toContain('provider = "postgresql"');
    const list = readMigrationsList(service.migrationsDir);
    expect(list.migrationDirectories).toEqual([
      { path: "20240101000000_first", migrationFile: { path: "migration.sql", content: { tag: "ok", value: "SELECT 1;\n" } } },
      { path: "20240102000000_second", migrationFile: { path: "migration.sql", content: { tag: "ok", value: "SELECT 2;\n" } } },
    ]);
  });

  test("when a migration folder has no migration.sql, then it reads as an error for the engine to report", () => {
    const service = repo.addService("shop");
    writeMigration(service.migrationsDir, "20240101000000_first", "SELECT 1;\n");
    writeMigration(service.migrationsDir, "20240102000000_empty", "");
    const emptyDir = join(service.migrationsDir, "20240102000000_empty");
    rmSync(join(emptyDir, "migration.sql"));
    expect(existsSync(emptyDir)).toBe(true);
    const [, broken] = readMigrationsList(service.migrationsDir).migrationDirectories;
    expect(broken?.migrationFile.content).toEqual({ tag: "error", value: `${join(emptyDir, "migration.sql")} is missing` });
  });
});
