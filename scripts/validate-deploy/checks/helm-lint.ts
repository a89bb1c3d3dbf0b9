import type { DeployCheck, ValuesLabel } from "../check";
import { chartDir } from "../lib/repo";
import { VALUE_SETS } from "../lib/values-sets";

export function helmLint(label: ValuesLabel): DeployCheck {
  return {
    name: `helm lint --strict (${label} values)`,
    run: async ({ helm }) => {
      const result = helm.run(["lint", "--strict", chartDir, ...VALUE_SETS[label]]);
      if (result.code !== 0) throw new Error(result.output.trim());
      return {
        detail: result.stdout.match(/\d+ chart\(s\) linted, \d+ chart\(s\) failed/)?.[0],
      };
    },
  };
}
