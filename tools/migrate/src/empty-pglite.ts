// A new PGlite database runs initdb, 5-7 s of CPU here. An empty data folder dumped once (and
// kept in the OS temp folder, per PGlite version) starts in under a second: in-memory databases
// (migration shadow databases, tests) start from it.
import { PGlite } from "@electric-sql/pglite";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

let cached: Promise<Uint8Array> | undefined;

/** The dumped data folder of a freshly initialised, empty PGlite database. */
export function emptyPgliteDump(): Promise<Uint8Array> {
  cached ??= loadOrBuild().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** A new, empty in-memory PGlite in this thread, started from the empty dump. */
export async function freshPglite(): Promise<PGlite> {
  const pglite = new PGlite({ loadDataDir: new Blob([await emptyPgliteDump()]) });
  await pglite.waitReady;
  return pglite;
}

async function loadOrBuild(): Promise<Uint8Array> {
  const file = join(tmpdir(), `rebound-empty-pglite-${pgliteVersion()}.tar`);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  const pglite = new PGlite();
  try {
    const dump = new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer());
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, dump);
    renameSync(partial, file); // atomic: concurrent builders each write a whole file
    return dump;
  } finally {
    await pglite.close();
  }
}

function pgliteVersion(): string {
  const manifest = join(dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}
