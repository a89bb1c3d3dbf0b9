// A PGlite data folder with every service's migrations applied, dumped once and loaded by each
// test database: starting PGlite from it takes about 0.8 s, where a fresh one runs initdb for
// 5-7 s. Cached in the OS temp folder under a hash of the migrations, so a changed migration
// builds a new template and parallel jest workers share one.
import { createPgliteMigrationFactory, deployMigrations, findMigratableServices, findRepoRoot, freshPglite } from "@rebound/migrate";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

let cached: Promise<Uint8Array> | undefined;

/** The dumped template (an uncompressed tarball of the data folder), built when missing. */
export function migratedTemplate(): Promise<Uint8Array> {
  cached ??= loadOrBuild();
  return cached;
}

async function loadOrBuild(): Promise<Uint8Array> {
  const services = findMigratableServices(findRepoRoot(__dirname));
  const file = join(tmpdir(), `rebound-test-template-${migrationsHash(services)}.tar`);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  const pglite = await freshPglite();
  try {
    const factory = createPgliteMigrationFactory(pglite);
    for (const service of services) await deployMigrations(service, factory);
    const dump = new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer());
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, dump);
    renameSync(partial, file); // atomic: a worker building the same template at once just wins or loses the rename
    removeStaleTemplates(file);
    return dump;
  } finally {
    await pglite.close();
  }
}

/** Templates of older migration sets, unused for a day. */
function removeStaleTemplates(current: string): void {
  const dayAgo = Date.now() - 24 * 60 * 60_000;
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith("rebound-test-template-") || path === current) continue;
    try {
      if (statSync(path).atimeMs < dayAgo) rmSync(path, { force: true });
    } catch {
      // another worker removed it first
    }
  }
}

function migrationsHash(services: string[]): string {
  const hash = createHash("sha256");
  for (const service of services) {
    const dir = join(service, "prisma", "migrations");
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true }).map(String).sort()) {
      if (!entry.endsWith(".sql") && !entry.endsWith(".toml")) continue;
      hash.update(`${service}/${entry}`);
      hash.update(readFileSync(join(dir, entry)));
    }
  }
  // A new PGlite may not read an older one's data folder.
  hash.update(readFileSync(join(dirname(require.resolve("@electric-sql/pglite")), "..", "package.json")));
  return hash.digest("hex").slice(0, 16);
}
