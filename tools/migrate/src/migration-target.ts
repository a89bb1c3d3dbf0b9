import { PGlite } from "@electric-sql/pglite";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pgliteDataPath } from "@rebound/platform";
import { createPgliteMigrationFactory } from "./fixed-pglite-adapter";
import type { MigrationAdapterFactory } from "./migration-adapter";
import { createPostgresMigrationFactory } from "./postgres-migration-factory";

/** The database the CLI migrates: PostgreSQL when DATABASE_URL is set, else the standalone PGlite folder. */
export interface MigrationTarget {
  factory: MigrationAdapterFactory;
  description: string;
  close(): Promise<void>;
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

/**
 * A relative DATA_DIR is taken from the repository root, where `npm start` runs
 * the standalone process, so `npm run db:migrate:deploy -w services/<name>`
 * (whose cwd is the service folder) migrates the same database.
 */
export function pgliteFolder(env: NodeJS.ProcessEnv, repoRoot: string): string {
  return pgliteDataPath(resolve(repoRoot, env.DATA_DIR || "./data"));
}

async function openPgliteFolder(folder: string): Promise<PGlite> {
  // PGlite takes no lock: a second process on the same folder corrupts it, and
  // postmaster.pid is present exactly while some process has it open.
  if (existsSync(join(folder, "postmaster.pid"))) {
    throw new Error(
      `the PGlite data folder ${folder} is open in another process (postmaster.pid exists): stop the running \`npm start\` and retry. ` +
        `If nothing uses it, the last process did not close it cleanly: delete ${join(folder, "postmaster.pid")}.`,
    );
  }
  mkdirSync(dirname(folder), { recursive: true });
  const pglite = new PGlite(folder);
  try {
    await pglite.waitReady;
  } catch (error) {
    throw new Error(`cannot open the PGlite data folder ${folder} (is \`npm start\` running on it?): ${String(error)}`, { cause: error });
  }
  return pglite;
}

export async function openMigrationTarget(env: NodeJS.ProcessEnv, repoRoot: string): Promise<MigrationTarget> {
  if (env.DATABASE_URL) {
    return {
      factory: createPostgresMigrationFactory(env.DATABASE_URL),
      description: withoutPassword(env.DATABASE_URL),
      close: async () => {},
    };
  }
  const folder = pgliteFolder(env, repoRoot);
  const pglite = await openPgliteFolder(folder);
  return {
    factory: createPgliteMigrationFactory(pglite),
    description: `PGlite ${folder}`,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
