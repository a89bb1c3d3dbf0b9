import { basename, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { openMigrationTarget, type MigrationTarget } from "./migration-target";
import { checkDrift, createMigration, deployMigrations, markMigrationRolledBack, migrationStatus } from "./migrator";
import { findMigratableServices, findRepoRoot } from "./service-discovery";

export const USAGE = `Usage (run with tsx tools/migrate/src/cli.ts):
  create  --service <dir> <name>     write the next migration from prisma/schema.prisma (no database needed)
  deploy  (--service <dir> | --all) apply pending migrations
  status  (--service <dir> | --all) list applied, pending and failed migrations (exit 1 unless up to date)
  check   (--service <dir> | --all) exit 1 if a schema changed without a migration (no database needed)
  resolve --service <dir> --rolled-back <migration>   mark a failed migration rolled back so deploy retries it
Database: PostgreSQL when DATABASE_URL is set, else PGlite at <DATA_DIR or ./data>/pglite (from the repo root).`;

export interface CliIo {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

class UsageError extends Error {}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;
const list = (names: string[]): string => (names.length ? ` (${names.join(", ")})` : "");

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { service: { type: "string" }, all: { type: "boolean" }, "rolled-back": { type: "string" }, help: { type: "boolean" } },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) throw new UsageError("");
  if (values.service !== undefined && values.all) throw new UsageError("use either --service or --all");
  return { command, rest, service: values.service, all: values.all === true, rolledBack: values["rolled-back"] };
}

function servicesToRun(io: CliIo, service: string | undefined, all: boolean): string[] {
  if (service !== undefined) return [resolve(io.cwd, service)];
  if (!all) throw new UsageError("pass --service <dir> or --all");
  const services = findMigratableServices(findRepoRoot(io.cwd));
  if (services.length === 0) throw new UsageError("no services/*/prisma/schema.prisma found");
  return services;
}

/** Names the service in an error that does not already. */
async function forService<T>(dir: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const prefix = `${basename(dir)}: `;
    if (message(error).startsWith(prefix)) throw error;
    throw new Error(prefix + message(error), { cause: error });
  }
}

function repoRootOr(cwd: string): string {
  try {
    return findRepoRoot(cwd);
  } catch {
    return cwd;
  }
}

async function onTarget(io: CliIo, work: (target: MigrationTarget) => Promise<boolean>): Promise<boolean> {
  const target = await openMigrationTarget(io.env, repoRootOr(io.cwd));
  io.out(`database: ${target.description}`);
  try {
    return await work(target);
  } finally {
    await target.close();
  }
}

async function deploy(io: CliIo, services: string[]): Promise<boolean> {
  return onTarget(io, async ({ factory }) => {
    for (const dir of services) {
      const { applied } = await forService(dir, () => deployMigrations(dir, factory));
      io.out(`${basename(dir)}: ${applied.length ? `applied ${plural(applied.length, "migration")}${list(applied)}` : "up to date, nothing to apply"}`);
    }
    return true;
  });
}

async function status(io: CliIo, services: string[]): Promise<boolean> {
  return onTarget(io, async ({ factory }) => {
    let upToDate = true;
    for (const dir of services) {
      const { applied, pending, failed, edited, missingFromFolder } = await forService(dir, () => migrationStatus(dir, factory));
      const notes = [
        pending.length ? `pending${list(pending)}` : "",
        failed.length ? `FAILED${list(failed)}` : "",
        edited.length ? `edited after applying${list(edited)}` : "",
        missingFromFolder.length ? `not in the folder${list(missingFromFolder)}` : "",
      ].filter(Boolean);
      upToDate &&= pending.length === 0 && failed.length === 0;
      io.out(`${basename(dir)}: ${plural(applied.length, "migration")} applied${notes.length ? `; ${notes.join("; ")}` : ", up to date"}`);
    }
    return upToDate;
  });
}

async function check(io: CliIo, services: string[]): Promise<boolean> {
  const changed: string[] = [];
  for (const dir of services) {
    const { inSync } = await forService(dir, () => checkDrift(dir));
    if (!inSync) changed.push(basename(dir));
    io.out(`${basename(dir)}: ${inSync ? "migrations match the schema" : "schema changed without a migration"}`);
  }
  if (changed.length) {
    io.err(`schema changed without a migration: ${changed.join(", ")}. Run: npm run db:migrate:create -w services/<name> -- <migration_name>`);
  }
  return changed.length === 0;
}

async function run(io: CliIo): Promise<boolean> {
  const { command, rest, service, all, rolledBack } = parse(io.argv);
  switch (command) {
    case "create": {
      const [name, ...extra] = rest;
      if (service === undefined || name === undefined || extra.length) throw new UsageError("create needs --service <dir> and one <name>");
      const dir = resolve(io.cwd, service);
      const { created, message: outcome } = await forService(dir, () => createMigration(dir, name));
      const file = created && join(dir, "prisma", "migrations", created, "migration.sql");
      io.out(file ? `${basename(dir)}: created ${relative(io.cwd, file)}` : outcome);
      return true;
    }
    case "deploy":
      return deploy(io, servicesToRun(io, service, all));
    case "status":
      return status(io, servicesToRun(io, service, all));
    case "check":
      return check(io, servicesToRun(io, service, all));
    case "resolve": {
      if (service === undefined || rolledBack === undefined) throw new UsageError("resolve needs --service <dir> --rolled-back <migration>");
      const dir = resolve(io.cwd, service);
      return onTarget(io, async ({ factory }) => {
        await forService(dir, () => markMigrationRolledBack(dir, factory, rolledBack));
        io.out(`${basename(dir)}: ${rolledBack} marked rolled back; deploy will apply it again`);
        return true;
      });
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** Runs one CLI command; returns the exit code (0 ok, 1 failed, 2 usage). */
export async function runCli(io: CliIo): Promise<number> {
  try {
    return (await run(io)) ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      if (message(error)) io.err(message(error));
      io.err(USAGE);
      return 2;
    }
    io.err(message(error));
    return 1;
  }
}
