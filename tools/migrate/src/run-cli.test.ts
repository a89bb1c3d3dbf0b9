import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "./run-cli";
import { createTempRepo, widgetModel, type TempRepo, type TempService } from "./temp-service-fixture";

jest.setTimeout(300_000);

interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

async function cli(cwd: string, argv: string[]): Promise<CliRun> {
  const run: CliRun = { code: -1, out: [], err: [] };
  // A relative DATA_DIR: the CLI must resolve it from the repository root, not the cwd.
  const env = { DATA_DIR: "./data" };
  run.code = await runCli({ argv, cwd, env, out: (line) => run.out.push(line), err: (line) => run.err.push(line) });
  return run;
}

describe("given a repository with two services and no migrations or database yet", () => {
  let repo: TempRepo;
  let alpha: TempService;
  let beta: TempService;

  beforeAll(() => {
    repo = createTempRepo();
    alpha = repo.addService("alpha");
    beta = repo.addService("beta");
  });
  afterAll(() => repo.remove());

  test("when creating from inside a service with --service ., then its first migration is written", async () => {
    const run = await cli(alpha.dir, ["create", "--service", ".", "Init"]);
    expect(run).toMatchObject({ code: 0, err: [] });
    expect(run.out).toEqual([expect.stringMatching(/^alpha: created prisma\/migrations\/\d{14}_init\/migration\.sql$/)]);
  });

  test("when creating from the root with a relative --service, then that service's migration is written", async () => {
    const run = await cli(repo.root, ["create", "--service", "services/beta", "init"]);
    expect(run.code).toBe(0);
    expect(run.out[0]).toMatch(/^beta: created services\/beta\/prisma\/migrations\/\d{14}_init\/migration\.sql$/);
  });

  test("when deploying --all from a service folder, then both apply into the PGlite folder under the repository root", async () => {
    const run = await cli(alpha.dir, ["deploy", "--all"]);
    expect(run).toMatchObject({ code: 0, err: [] });
    expect(run.out).toEqual([
      `database: PGlite ${join(repo.root, "data", "pglite")}`,
      expect.stringMatching(/^alpha: applied 1 migration \(\d{14}_init\)$/),
      expect.stringMatching(/^beta: applied 1 migration \(\d{14}_init\)$/),
    ]);
    expect(existsSync(join(repo.root, "data", "pglite", "PG_VERSION"))).toBe(true);
    expect(existsSync(join(alpha.dir, "data"))).toBe(false);
  });

  test("when reading the status of all services, then each is up to date", async () => {
    const run = await cli(repo.root, ["status", "--all"]);
    expect(run.code).toBe(0);
    expect(run.out.slice(1)).toEqual(["alpha: 1 migration applied, up to date", "beta: 1 migration applied, up to date"]);
  });

  test("when one schema changes without a migration, then check --all exits 1 naming only that service", async () => {
    beta.writeModels(widgetModel("beta").replace("name String", "name String\n  size Int?"));
    const run = await cli(repo.root, ["check", "--all"]);
    expect(run.code).toBe(1);
    expect(run.out).toEqual(["alpha: migrations match the schema", "beta: schema changed without a migration"]);
    expect(run.err[0]).toContain("schema changed without a migration: beta.");
  });

  test("when the PGlite folder is open in another process, then deploy refuses and says to stop npm start", async () => {
    const pidFile = join(repo.root, "data", "pglite", "postmaster.pid");
    writeFileSync(pidFile, "-42\n");
    const run = await cli(repo.root, ["deploy", "--all"]);
    expect(run.code).toBe(1);
    expect(run.err.join("\n")).toContain("stop the running `npm start`");
  });

  test("when a command lacks its target, then it exits 2 with the usage", async () => {
    const run = await cli(repo.root, ["deploy"]);
    expect(run.code).toBe(2);
    expect(run.err).toEqual(["pass --service <dir> or --all", expect.stringContaining("Usage")]);
  });
});
