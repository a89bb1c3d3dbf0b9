// Builds every image's esbuild bundle (in a temporary folder); the packages a bundle leaves
// external must be production dependencies of its workspaces, or `npm ci --omit=dev` misses them.
// The dev-only carrier simulator is bundled only where the telephony provider is chosen: telephony
// (which hosts the one simulator of distributed dev mode) and messaging (which reaches it, or runs
// its own, without Twilio settings). Both refuse it in production at start (assertProductionProviders).
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { imageBundler } from "../lib/images";
import { read } from "../lib/repo";

const SIMULATOR = "services/carrier-simulator";
const SIMULATOR_IMAGES = new Set(["telephony", "messaging"]);

interface WorkspaceManifest {
  name: string;
  dependencies?: Record<string, string>;
}

export const imageBundles: DeployCheck = {
  name: "esbuild bundles of every image; externals are production dependencies; the carrier simulator only in telephony and messaging",
  run: async () => {
    const { ENTRIES, bundle } = await imageBundler();
    const out = mkdtempSync(join(tmpdir(), "rebound-bundles-"));
    try {
      const results = await bundle({ outDir: out, logLevel: "error" });
      const manifests = new Map<string, WorkspaceManifest>();
      for (const ws of (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces) {
        const pkg = JSON.parse(read(`${ws}/package.json`)) as WorkspaceManifest;
        manifests.set(pkg.name, pkg);
      }
      const prodDeps = (pkgName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(pkgName)) return seen;
        seen.add(pkgName);
        for (const dep of Object.keys(manifests.get(pkgName)?.dependencies ?? {})) if (manifests.has(dep)) prodDeps(dep, seen);
        return seen;
      };
      const problems: string[] = [];
      const sizes: string[] = [];
      for (const [name, { externals, workspaces }] of Object.entries(results)) {
        if (workspaces.includes(SIMULATOR) && !SIMULATOR_IMAGES.has(name))
          problems.push(
            `${name}: bundles the dev-only carrier simulator (${SIMULATOR}); only ${[...SIMULATOR_IMAGES].join(" and ")} choose the telephony provider`,
          );
        if (SIMULATOR_IMAGES.has(name) && !workspaces.includes(SIMULATOR) && !workspaces.includes("packages/twilio"))
          problems.push(`${name}: bundles neither the carrier simulator nor the Twilio adapter, so it has no telephony provider`);
        const entryPkg = (JSON.parse(read(join(dirname(dirname(ENTRIES[name] ?? "")), "package.json"))) as WorkspaceManifest).name;
        const declared = new Set([...prodDeps(entryPkg)].flatMap((ws) => Object.keys(manifests.get(ws)?.dependencies ?? {})));
        for (const ext of externals) {
          if (!declared.has(ext))
            problems.push(`${name}: imports ${ext}, which no production dependency of ${entryPkg} declares (npm ci --omit=dev would miss it)`);
        }
        sizes.push(`${name} ${Math.round(statSync(join(out, name, "main.js")).size / 1024)}K`);
      }
      assertNoProblems(problems, "problems");
      return { detail: sizes.join(", ") };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};
