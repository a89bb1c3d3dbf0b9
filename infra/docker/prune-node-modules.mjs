// Keeps in node_modules only what a bundle can load at run time: the external packages its bundle
// imports or require.resolve()s (bundle.mjs writes them to externals.json) and everything they depend on, as npm resolved it
// (node_modules/.package-lock.json). A workspace's production install also carries what other workspaces
// and build tools pulled in (the Prisma CLI's studio, the web app's chart libraries): none of it is
// reachable from the bundle. Then @prisma/client's query compilers for databases Rebound does not use
// (every schema's provider is postgresql).
//
//   node prune-node-modules.mjs <node_modules dir> <externals.json> [...more externals.json]
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

const [modulesDir, ...externalFiles] = process.argv.slice(2);
if (!modulesDir || externalFiles.length === 0) {
  console.error("usage: prune-node-modules.mjs <node_modules dir> <externals.json> ...");
  process.exit(2);
}
const root = dirname(modulesDir);
const lock = JSON.parse(readFileSync(join(modulesDir, ".package-lock.json"), "utf8"));
/** "node_modules/a/node_modules/b" -> entry, as npm installed them. */
const installed = lock.packages;

/** npm's resolution: the nearest node_modules/<name> walking up from the requiring package's folder. */
function resolveFrom(fromPath, name) {
  let base = fromPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (installed[candidate]) return candidate;
    if (!base) return undefined;
    const index = base.lastIndexOf("/node_modules/");
    base = index >= 0 ? base.slice(0, index) : "";
  }
}

const keep = new Set();
const queue = [];
for (const file of externalFiles) {
  /** imports: the bundle requires them (must be installed); resolves: it require.resolve()s them (kept when installed). */
  const { imports, resolves } = JSON.parse(readFileSync(file, "utf8"));
  for (const name of imports) {
    const path = resolveFrom("", name);
    if (!path) throw new Error(`${name} (imported by the bundle) is not installed`);
    queue.push(path);
  }
  for (const name of resolves) {
    const path = resolveFrom("", name);
    if (path) queue.push(path);
  }
}
while (queue.length > 0) {
  const path = queue.pop();
  if (keep.has(path)) continue;
  keep.add(path);
  const entry = installed[path];
  // Optional peers (@prisma/client's prisma and typescript) are build tools, not run-time needs.
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional);
  const names = { ...entry.dependencies, ...entry.optionalDependencies, ...Object.fromEntries(peers.map((name) => [name, "*"])) };
  for (const name of Object.keys(names)) {
    const resolved = resolveFrom(path, name);
    if (resolved) queue.push(resolved);
  }
}

let removed = 0;
for (const path of Object.keys(installed)) {
  if (!path.startsWith("node_modules/") || keep.has(path)) continue;
  // A nested package of a removed one went with its parent.
  const full = join(root, path);
  if (existsSync(full)) {
    rmSync(full, { recursive: true, force: true });
    removed++;
  }
}
// Empty scope folders left behind.
for (const entry of readdirSync(modulesDir)) {
  if (entry.startsWith("@") && readdirSync(join(modulesDir, entry)).length === 0) rmSync(join(modulesDir, entry), { recursive: true });
}

let compilers = 0;
const prismaRuntime = join(modulesDir, "@prisma", "client", "runtime");
if (existsSync(prismaRuntime)) {
  for (const file of readdirSync(prismaRuntime)) {
    if (/\.(mysql|sqlite|sqlserver|cockroachdb)\./.test(file)) {
      rmSync(join(prismaRuntime, file));
      compilers++;
    }
  }
}
console.log(`prune-node-modules: kept ${keep.size} packages, removed ${removed}, and ${compilers} Prisma query-compiler files for other databases`);
