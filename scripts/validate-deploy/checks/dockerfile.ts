import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { imageBundler } from "../lib/images";
import { read, SERVICES } from "../lib/repo";

export const dockerfile: DeployCheck = {
  name: "Dockerfile: every workspace manifest copied before npm ci; images = services + migrate",
  run: async () => {
    const { ENTRIES } = await imageBundler();
    const text = read("infra/docker/Dockerfile");
    const workspaces = (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces;
    const problems = workspaces.filter((w) => !text.includes(`COPY ${w}/package.json ${w}/`)).map((w) => `no COPY of ${w}/package.json`);
    for (const s of SERVICES) if (!ENTRIES[s]) problems.push(`bundle.mjs has no entry for ${s}`);
    for (const phrase of ["npm ci --ignore-scripts", "npm ci --omit=dev", "prisma-generate.mjs", "bundle.mjs", "USER 65532", "web/dist"]) {
      if (!text.includes(phrase)) problems.push(`Dockerfile lacks ${phrase}`);
    }
    const ignore = read(".dockerignore");
    for (const pattern of ["**/node_modules", ".git", "data"]) if (!ignore.split("\n").includes(pattern)) problems.push(`.dockerignore lacks ${pattern}`);
    assertNoProblems(problems, "problems");
    return {
      detail: `${workspaces.length} workspaces, ${Object.keys(ENTRIES).length} images`,
    };
  },
};
