// helm's values schema (values.schema.json) rejects a value of the wrong type.
import { assert } from "../lib/assert";
import type { DeployCheck } from "../check";
import { chartDir } from "../lib/repo";

export const brokenValueFailsLint: DeployCheck = {
  name: "broken value: schema violation fails helm lint --strict",
  run: async ({ helm }) => {
    const result = helm.run(["lint", "--strict", chartDir, "--set", "serviceDefaults.containerPort=http"]);
    assert(result.code !== 0, "helm lint accepted serviceDefaults.containerPort=http");
    const line = result.output.split("\n").find((l) => /containerPort/.test(l)) ?? result.output.trim().split("\n")[0] ?? "";
    return { detail: `rejected: ${line.trim().slice(0, 140)}` };
  },
};
