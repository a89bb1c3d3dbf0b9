import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { imageBundler } from "../lib/images";
import { read, SERVICES } from "../lib/repo";

/** The text of one stage (from its FROM to the next). */
function stageText(text: string, name: string): string | undefined {
  const stages = text.split(/^(?=FROM\s)/m);
  return stages.find((stage) => new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${name}\\s*$`, "im").test(stage.split("\n")[0] ?? ""));
}

export const dockerfile: DeployCheck = {
  name: "Dockerfile: every workspace manifest copied before npm ci; images = services + migrate; production target (runtime, the default) built from the production bundles, dev target from the dev ones",
  run: async () => {
    const { ENTRIES, DEV_ENTRIES } = await imageBundler();
    const text = read("infra/docker/Dockerfile");
    const workspaces = (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces;
    const problems = workspaces.filter((w) => !text.includes(`COPY ${w}/package.json ${w}/`)).map((w) => `no COPY of ${w}/package.json`);
    for (const s of SERVICES) {
      if (!ENTRIES[s]) problems.push(`bundle.mjs has no entry for ${s}`);
      if (!DEV_ENTRIES[s]) problems.push(`bundle.mjs has no dev entry for ${s}`);
    }
    for (const phrase of ["npm ci --ignore-scripts", "npm ci --omit=dev", "prisma-generate.mjs", "bundle.mjs", "bundle.mjs --dev", "USER 65532", "web/dist"]) {
      if (!text.includes(phrase)) problems.push(`Dockerfile lacks ${phrase}`);
    }
    // The last stage is what `docker build` without --target gives: it must be the production image.
    const stages = [...text.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)\s*$/gim)].map((m) => m[1] ?? "");
    if (stages.at(-1) !== "runtime") problems.push(`the last stage (the default target) is ${stages.at(-1)}, not runtime (production)`);
    const runtime = stageText(text, "runtime") ?? "";
    const dev = stageText(text, "dev");
    if (!dev) problems.push("no dev stage (the dev image: docker-compose, skaffold dev)");
    if (!runtime.includes("COPY --from=build ") || !runtime.includes("COPY --from=deps ")) problems.push("runtime does not copy the production build and deps");
    if (/--from=(build-dev|deps-dev)\b/.test(runtime)) problems.push("runtime (production) copies from a dev stage");
    if (dev && !(dev.includes("COPY --from=build-dev ") && dev.includes("COPY --from=deps-dev "))) problems.push("dev does not copy the dev build and deps");
    if (!/NODE_ENV=production/.test(runtime)) problems.push("runtime does not set NODE_ENV=production");
    const ignore = read(".dockerignore");
    for (const pattern of ["**/node_modules", ".git", "data"]) if (!ignore.split("\n").includes(pattern)) problems.push(`.dockerignore lacks ${pattern}`);
    assertNoProblems(problems, "problems");
    return {
      detail: `${workspaces.length} workspaces, ${Object.keys(ENTRIES).length} images, targets ${stages.filter((s) => s === "runtime" || s === "dev").join(" and ")}`,
    };
  },
};
