import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findMigratableServices, findRepoRoot } from "./service-discovery";
import { datasourceSchemas, readServiceSchema } from "./service-schema";
import { createTempRepo, type TempRepo } from "./temp-service-fixture";

describe("given a repository with services", () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = createTempRepo();
  });
  afterEach(() => repo.remove());

  test("when finding migratable services, then only those with prisma/schema.prisma are listed, sorted", () => {
    repo.addService("zeta");
    repo.addService("alpha");
    mkdirSync(join(repo.root, "services", "gateway", "src"), { recursive: true });
    expect(findMigratableServices(repo.root)).toEqual([join(repo.root, "services", "alpha"), join(repo.root, "services", "zeta")]);
  });

  test("when finding the root from inside a service, then it is the folder whose package.json has workspaces", () => {
    const service = repo.addService("alpha");
    expect(realpathSync(findRepoRoot(join(service.dir, "prisma")))).toBe(realpathSync(repo.root));
  });

  test("when reading a service's schema, then its Postgres schema is the datasource's first schema", () => {
    const service = repo.addService("alpha");
    expect(readServiceSchema(service.dir)).toMatchObject({ name: "alpha", dbSchema: "alpha", migrationsDir: service.migrationsDir });
  });

  test("when a service's datasource lists no schemas, then reading it throws naming the fix", () => {
    const service = repo.addService("alpha");
    writeFileSync(join(service.dir, "prisma", "schema.prisma"), 'datasource db {\n  provider = "postgresql"\n}\n');
    expect(() => readServiceSchema(service.dir)).toThrow('schemas = ["alpha"]');
  });
});

describe("datasourceSchemas", () => {
  test("given comments and several schemas, when parsed, then the listed schemas come back in order", () => {
    const content = `// schemas = ["commented"]\ndatasource db {\n  provider = "postgresql" // main\n  schemas  = ["bus", "extra"]\n}\nmodel A { id Int @id }\n`;
    expect(datasourceSchemas(content)).toEqual(["bus", "extra"]);
  });
});

describe("the real repository", () => {
  test("when finding migratable services from this folder, then platform (schema bus) is among them", () => {
    const root = findRepoRoot(__dirname);
    const platform = findMigratableServices(root).find((dir) => dir.endsWith(join("services", "platform")));
    expect(platform).toBeDefined();
    expect(readServiceSchema(platform ?? "").dbSchema).toBe("bus");
  });
});
