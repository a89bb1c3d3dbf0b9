import { existsSync } from "node:fs";
import { join } from "node:path";
import { assert, assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { imageBundler } from "../lib/images";
import { read, RELEASE, root } from "../lib/repo";
import { parseYamlStream } from "../lib/yaml";

interface SkaffoldRelease {
  name: string;
  chartPath: string;
  valuesFiles?: string[];
  setValueTemplates?: Record<string, string>;
}
interface SkaffoldArtifact {
  image: string;
  docker?: { dockerfile?: string; target?: string; buildArgs?: Record<string, string> };
}
interface SkaffoldConfig {
  apiVersion: string;
  kind: string;
  build: { artifacts: SkaffoldArtifact[] };
  deploy: { helm: { releases: SkaffoldRelease[] } };
  profiles: {
    name: string;
    build?: { artifacts?: SkaffoldArtifact[] };
    deploy?: { helm?: { releases?: SkaffoldRelease[] } };
  }[];
}

export const skaffold: DeployCheck = {
  name: "skaffold.yaml: one artifact per image (production target; the dev profile builds the dev target), Helm release, dev and prod profiles",
  run: async ({ helm }) => {
    const { ENTRIES } = await imageBundler();
    const sk = parseYamlStream<SkaffoldConfig>(read("skaffold.yaml"), "skaffold.yaml")[0];
    const problems: string[] = [];
    assert(sk && /^skaffold\/v\d/.test(sk.apiVersion) && sk.kind === "Config", "not a skaffold Config");
    const artifacts = sk.build.artifacts;
    // The dev profile's artifacts replace the top-level list (skaffold overlays a profile's lists whole).
    const devArtifacts = sk.profiles.find((p) => p.name === "dev")?.build?.artifacts ?? [];
    for (const [label, list, target] of [
      ["build", artifacts, undefined],
      ["dev profile", devArtifacts, "dev"],
    ] as const) {
      const built = new Set(list.map((a) => a.docker?.buildArgs?.SERVICE));
      for (const name of Object.keys(ENTRIES)) if (!built.has(name)) problems.push(`${label}: no artifact with SERVICE=${name}`);
      for (const a of list) {
        if (a.docker?.dockerfile !== "infra/docker/Dockerfile") problems.push(`${label}: ${a.image}: another Dockerfile`);
        if (a.image !== `rebound-${a.docker?.buildArgs?.SERVICE}`) problems.push(`${label}: ${a.image}: name does not match SERVICE`);
        // Production images are the default target (no simulator inside); the dev profile's are the dev target.
        if (a.docker?.target !== target)
          problems.push(`${label}: ${a.image}: target ${a.docker?.target ?? "(default: runtime)"}, not ${target ?? "the default (runtime)"}`);
      }
    }
    for (const p of sk.profiles)
      if (p.name !== "dev" && p.build?.artifacts) problems.push(`profile ${p.name} replaces the artifacts: only dev builds other images`);
    const releases = [sk.deploy.helm.releases, ...sk.profiles.map((p) => p.deploy?.helm?.releases ?? [])].flat();
    for (const release of releases) {
      if (!existsSync(join(root, release.chartPath, "Chart.yaml"))) problems.push(`chartPath ${release.chartPath} is not a chart`);
      for (const file of release.valuesFiles ?? []) if (!existsSync(join(root, file))) problems.push(`values file ${file} missing`);
      for (const a of artifacts) {
        const key = a.image.replaceAll("-", "_");
        const values = Object.entries(release.setValueTemplates ?? {});
        if (!values.some(([, v]) => v.includes(`IMAGE_REPO_${key}`))) problems.push(`${release.name}: ${a.image} is not set in the chart values`);
      }
      const result = helm.run([
        "template",
        RELEASE,
        join(root, release.chartPath),
        ...(release.valuesFiles ?? []).flatMap((f) => ["-f", join(root, f)]),
        ...Object.keys(release.setValueTemplates ?? {}).flatMap((k) => ["--set", `${k}=x`]),
      ]);
      if (result.code !== 0) problems.push(`${release.name}: the chart does not take its values: ${result.output.trim().split("\n")[0]}`);
    }
    const profiles = sk.profiles.map((p) => p.name);
    for (const p of ["dev", "prod"]) if (!profiles.includes(p)) problems.push(`no profile ${p}`);
    assertNoProblems(problems, "problems");
    return {
      detail: `${artifacts.length} artifacts, profiles ${profiles.join(", ")}`,
    };
  },
};
