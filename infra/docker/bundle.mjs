// Bundles each service's distributed entry and the migration command (tools/migrate/src/cli.ts)
// into one CommonJS file each, under dist/<name>/main.js. Workspace packages (@rebound/*,
// TypeScript sources) and the generated Prisma clients are bundled; every other package stays
// external and comes from the image's production node_modules (native binaries, wasm files and
// data files resolve as they do unbundled).
//
// Two sets of entries: ENTRIES, the production images' (services/<name>/src/main.ts: Twilio and
// Stripe only), and with --dev DEV_ENTRIES, the dev image's and start:distributed's (main.dev.ts
// where a service has one: the carrier and payment simulators). No production bundle may contain a
// simulator (scripts/validate-deploy/checks/image-bundles.ts).
//
// Used by infra/docker/Dockerfile, scripts/start-distributed.mjs and scripts/validate-deploy.
//   node infra/docker/bundle.mjs [--dev] [--out dist] [name ...]
import { build } from "esbuild";
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Image name -> entry. The seven services and the migration step. */
export const ENTRIES = {
  gateway: "services/gateway/src/main.ts",
  identity: "services/identity/src/main.ts",
  business: "services/business/src/main.ts",
  telephony: "services/telephony/src/main.ts",
  messaging: "services/messaging/src/main.ts",
  billing: "services/billing/src/main.ts",
  analytics: "services/analytics/src/main.ts",
  migrate: "tools/migrate/src/cli.ts",
};

/** Image name -> entry of the dev image: the services that choose a provider run their main.dev.ts. */
export const DEV_ENTRIES = {
  ...ENTRIES,
  telephony: "services/telephony/src/main.dev.ts",
  messaging: "services/messaging/src/main.dev.ts",
  billing: "services/billing/src/main.dev.ts",
};

/** Bare imports other than our workspaces stay external. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@rebound/")) return undefined;
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      return { path: args.path, external: true };
    });
  },
};

/**
 * Returns { name: { entry, outfile, externals: string[], workspaces: string[] } } (workspaces: the
 * repository folders of the bundled packages). `dev`: the dev image's entries (DEV_ENTRIES).
 */
export async function bundle({ names, outDir = join(root, "dist"), logLevel = "warning", dev = false } = {}) {
  const entries = dev ? DEV_ENTRIES : ENTRIES;
  const results = {};
  for (const name of names ?? Object.keys(entries)) {
    const entry = entries[name];
    if (!entry) throw new Error(`unknown bundle ${name}; known: ${Object.keys(entries).join(", ")}`);
    if (!existsSync(join(root, entry))) throw new Error(`${entry} does not exist`);
    const outfile = join(outDir, name, "main.js");
    const result = await build({
      entryPoints: [join(root, entry)],
      outfile,
      bundle: true,
      platform: "node",
      target: "node20",
      format: "cjs",
      sourcemap: "linked",
      metafile: true,
      logLevel,
      plugins: [externalPackages],
      // Workspace packages export TypeScript sources through package.json "exports".
      conditions: ["node", "require", "default"],
      banner: { js: `// ${name}: bundled from ${entry} by infra/docker/bundle.mjs` },
    });
    const externals = new Set();
    const resolved = new Set();
    for (const output of Object.values(result.metafile.outputs)) {
      for (const imported of output.imports) {
        if (!imported.external || imported.path.startsWith("node:")) continue;
        const parts = imported.path.split("/");
        const packageName = imported.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
        // require.resolve() only names a file (tsx/cjs for a .ts worker in development; the migration
        // command's schema-engine wasm, read from disk): the image keeps it when it is installed.
        (imported.kind === "require-resolve" ? resolved : externals).add(packageName);
      }
    }
    const workspaces = new Set();
    for (const input of Object.keys(result.metafile.inputs)) {
      const path = relative(root, resolve(input));
      const folder = /^((?:services|tools|packages)\/[^/]+|proto)\//.exec(path);
      if (folder) workspaces.add(folder[1]);
    }
    results[name] = { entry, outfile: relative(root, outfile), externals: [...externals].sort(), workspaces: [...workspaces].sort() };
    // What the image's node_modules must hold (infra/docker/prune-node-modules.mjs keeps these and their dependencies).
    const keep = { imports: results[name].externals, resolves: [...resolved].filter((pkg) => !externals.has(pkg)).sort() };
    writeFileSync(join(outDir, name, "externals.json"), `${JSON.stringify(keep, null, 2)}\n`);
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const devIndex = args.indexOf("--dev");
  const dev = devIndex >= 0;
  if (dev) args.splice(devIndex, 1);
  const outIndex = args.indexOf("--out");
  const outDir = outIndex >= 0 ? resolve(process.cwd(), args.splice(outIndex, 2)[1]) : undefined;
  const results = await bundle({ names: args.length ? args : undefined, outDir, dev });
  for (const [name, { entry, outfile, externals, workspaces }] of Object.entries(results)) {
    console.log(`${name.padEnd(10)} ${outfile} from ${entry}  (${externals.length} external packages; ${workspaces.join(" ")})`);
  }
}
