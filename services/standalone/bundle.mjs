// `npm start` runs standalone as one esbuild bundle (issue 27), as the images run the services
// (infra/docker/bundle.mjs), instead of through tsx: no TypeScript compiler in the process, no ESM
// loader thread, no esbuild thread and service, and less heap for the loaded code. Three entries, side
// by side: the composition (src/main.ts) and the two worker threads it starts, which it finds beside
// itself (pglite-server-thread.ts, simulator-thread.ts: <__dirname>/<name>.js once bundled).
//
// Workspace packages (@rebound/*, TypeScript sources) and the generated Prisma clients are bundled;
// every other package stays external and comes from node_modules. The bundle lives at a depth of four
// folders under the repository, as the sources do (services/gateway/src/edge/static-web-app.ts finds
// web/dist at ../../../../web/dist from its own folder).
//
// Cached: bundled again only when a file it was made from is newer than it (or was removed), or
// the lockfile or this script changed; a start with nothing changed pays a few stat calls here
// (a new bundle takes 2-3 s). --print prints the bundle's path (the call-path bench runs it).
//   node services/standalone/bundle.mjs [--force] [--print]
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const OUT_DIR = join(root, "node_modules", ".cache", "rebound", "standalone");
const MANIFEST = join(OUT_DIR, "inputs.json");

/** Output name -> entry. The main entry's workers must sit beside it under these names. */
const ENTRIES = {
  main: "services/standalone/src/main.ts",
  "pglite-server-worker": "services/platform/src/db/pglite-server/pglite-server-worker.ts",
  "simulator-thread-worker": "packages/carrier-simulator/src/simulator-thread-worker.ts",
};

/** Bare imports other than our workspaces stay external (node_modules, as in infra/docker/bundle.mjs). */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@rebound/") ? undefined : { path: args.path, external: true }));
  },
};

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY; // gone: bundle again
  }
};

/** True when every output exists and no input (nor this script, nor the lockfile) changed since. */
function upToDate() {
  if (!existsSync(MANIFEST)) return false;
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
  } catch {
    return false;
  }
  const builtAt = manifest.builtAt;
  if (typeof builtAt !== "number" || !Array.isArray(manifest.inputs)) return false;
  if (Object.keys(ENTRIES).some((name) => !existsSync(join(OUT_DIR, `${name}.js`)))) return false;
  const watched = [fileURLToPath(import.meta.url), join(root, "package-lock.json"), ...manifest.inputs.map((input) => join(root, input))];
  return watched.every((path) => mtime(path) < builtAt);
}

export async function bundleStandalone({ force = false } = {}) {
  if (!force && upToDate()) return join(OUT_DIR, "main.js");
  const { build } = await import("esbuild");
  mkdirSync(OUT_DIR, { recursive: true });
  // Before the build: a source saved while it runs is newer and bundles again next time.
  const builtAt = Date.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, entry]) => [name, join(root, entry)])),
    outdir: OUT_DIR,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
    plugins: [externalPackages],
    // Workspace packages export TypeScript sources through package.json "exports".
    conditions: ["node", "require", "default"],
    banner: { js: "// bundled by services/standalone/bundle.mjs (npm start)" },
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith("node_modules/") && !input.includes(":"));
  writeFileSync(MANIFEST, `${JSON.stringify({ builtAt, inputs }, null, 1)}\n`);
  return join(OUT_DIR, "main.js");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const bundled = await bundleStandalone({ force: process.argv.includes("--force") });
  if (process.argv.includes("--print")) console.log(bundled);
  if (process.env.REBOUND_BUNDLE_VERBOSE) console.error(`standalone bundle: ${bundled} (${Date.now() - started} ms)`);
}
