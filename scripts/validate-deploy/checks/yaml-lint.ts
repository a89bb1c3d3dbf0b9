// Every YAML file of the repository and the rendered chart: the repository's rules
// (lib/yaml.ts), and Debian's yamllint with .yamllint.yaml when it is on PATH. Runs last: it
// lints the renders of the helm template checks.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { read, root } from "../lib/repo";
import { lintYamlText, repoYamlFiles } from "../lib/yaml";

export const yamlLint: DeployCheck = {
  name: "YAML lint: repository files and rendered chart",
  run: async ({ renders }) => {
    const files = repoYamlFiles();
    const problems = files.flatMap((f) => lintYamlText(read(f), f));
    for (const [label, { text }] of Object.entries(renders)) problems.push(...lintYamlText(text, `helm template (${label})`));
    let yamllint = "yamllint not on PATH (apt-get install -y yamllint adds it)";
    const probe = spawnSync("yamllint", ["--version"], { encoding: "utf8" });
    if (probe.status === 0) {
      const tmp = mkdtempSync(join(tmpdir(), "rebound-yamllint-"));
      for (const [label, { text }] of Object.entries(renders)) writeFileSync(join(tmp, `rendered-${label}.yaml`), text);
      const result = spawnSync("yamllint", ["-f", "parsable", "-c", join(root, ".yamllint.yaml"), ...files, tmp], { cwd: root, encoding: "utf8" });
      rmSync(tmp, { recursive: true, force: true });
      if (result.status !== 0) {
        problems.push(
          ...`${result.stdout}${result.stderr}`
            .trim()
            .split("\n")
            .map((l) => `yamllint: ${l.replace(tmp, "rendered")}`),
        );
      }
      yamllint = probe.stdout.trim();
    }
    assertNoProblems(problems, "YAML problems");
    return {
      detail: `${files.length} files + ${Object.keys(renders).length} renders; ${yamllint}`,
    };
  },
};
