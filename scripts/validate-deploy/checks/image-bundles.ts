// Builds every image's esbuild bundle (in a temporary folder), the production images' (main.ts) and
// the dev image's (main.dev.ts where a service has one). The packages a bundle leaves external must be
// production dependencies of its workspaces, or `npm ci --omit=dev` misses them (a dev bundle may
// also count on the simulator packages it contains: the dev image installs their dependencies too).
// The simulators are dev-only packages: the check FAILS when any production bundle contains
// packages/carrier-simulator or packages/payment-simulator (found in the workspaces each bundle is
// made of). The dev bundles that choose a provider must contain theirs, which also proves the
// detection on real bundles: telephony's and messaging's the carrier simulator, billing's the payment
// simulator.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { imageBundler, type BundleResult } from "../lib/images";
import { read } from "../lib/repo";

/** The dev-only packages no production image may contain. */
export const SIMULATORS = ["packages/carrier-simulator", "packages/payment-simulator"] as const;
/** What each dev bundle that chooses a provider must carry. */
const DEV_SIMULATORS: Record<string, (typeof SIMULATORS)[number]> = {
  telephony: "packages/carrier-simulator",
  messaging: "packages/carrier-simulator",
  billing: "packages/payment-simulator",
};
/** Production's telephony provider: the images that build one must carry the Twilio adapter. */
const TWILIO_IMAGES = ["telephony", "messaging"];

interface WorkspaceManifest {
  name: string;
  dependencies?: Record<string, string>;
}

/** The simulators among a bundle's workspaces. */
export const simulatorsIn = (workspaces: readonly string[]): string[] => SIMULATORS.filter((simulator) => workspaces.includes(simulator));

export const imageBundles: DeployCheck = {
  name: "esbuild bundles of every image, production and dev; externals are production dependencies; no production bundle contains packages/carrier-simulator or packages/payment-simulator (the dev bundles of telephony, messaging and billing do)",
  run: async () => {
    const { bundle } = await imageBundler();
    const out = mkdtempSync(join(tmpdir(), "rebound-bundles-"));
    try {
      const production = await bundle({ outDir: join(out, "production"), logLevel: "error" });
      const dev = await bundle({ outDir: join(out, "dev"), logLevel: "error", dev: true });
      const manifests = new Map<string, WorkspaceManifest>();
      const packageOf = new Map<string, string>();
      for (const ws of (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces) {
        const pkg = JSON.parse(read(`${ws}/package.json`)) as WorkspaceManifest;
        manifests.set(pkg.name, pkg);
        packageOf.set(ws, pkg.name);
      }
      const prodDeps = (pkgName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(pkgName)) return seen;
        seen.add(pkgName);
        for (const dep of Object.keys(manifests.get(pkgName)?.dependencies ?? {})) if (manifests.has(dep)) prodDeps(dep, seen);
        return seen;
      };
      const problems: string[] = [];
      const externalsDeclared = (label: string, { entry, externals }: BundleResult, extraWorkspaces: string[]) => {
        const entryPkg = packageOf.get(dirname(dirname(entry))) ?? "";
        const roots = [entryPkg, ...extraWorkspaces.map((ws) => packageOf.get(ws) ?? "")];
        const declared = new Set(roots.flatMap((root) => [...prodDeps(root)]).flatMap((ws) => Object.keys(manifests.get(ws)?.dependencies ?? {})));
        for (const ext of externals) {
          if (!declared.has(ext))
            problems.push(`${label}: imports ${ext}, which no production dependency of ${roots.join(" or ")} declares (npm ci --omit=dev would miss it)`);
        }
      };

      for (const [name, result] of Object.entries(production)) {
        const simulators = simulatorsIn(result.workspaces);
        if (simulators.length > 0)
          problems.push(
            `${name} (production, ${result.entry}): bundles the dev-only ${simulators.join(" and ")}; its workspaces: ${result.workspaces.join(", ")}. ` +
              "Production entries build Twilio and Stripe only; the simulators belong in *.dev.ts entries (the dev image).",
          );
        if (TWILIO_IMAGES.includes(name) && !result.workspaces.includes("packages/twilio"))
          problems.push(`${name} (production): does not bundle the Twilio adapter (packages/twilio), so it has no telephony provider`);
        externalsDeclared(`${name} (production)`, result, []);
      }
      for (const [name, result] of Object.entries(dev)) {
        const simulators = simulatorsIn(result.workspaces);
        const expected = DEV_SIMULATORS[name];
        if (expected && !simulators.includes(expected))
          problems.push(`${name} (dev, ${result.entry}): does not bundle ${expected}; its workspaces: ${result.workspaces.join(", ")}`);
        if (!expected && simulators.length > 0)
          problems.push(`${name} (dev): bundles ${simulators.join(" and ")}, which only telephony, messaging and billing choose`);
        // The dev image installs the simulators' production dependencies beside the service's.
        externalsDeclared(`${name} (dev)`, result, simulators);
      }
      assertNoProblems(problems, "problems");
      const size = (set: string, name: string) => `${Math.round(statSync(join(out, set, name, "main.js")).size / 1024)}K`;
      return {
        detail:
          `production ${Object.keys(production)
            .map((name) => `${name} ${size("production", name)}`)
            .join(", ")}; ` +
          `dev ${Object.entries(dev)
            .map(
              ([name, { workspaces }]) => `${name} ${size("dev", name)}${simulatorsIn(workspaces).length ? ` (+${simulatorsIn(workspaces).join(", ")})` : ""}`,
            )
            .join(", ")}`,
      };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};
