import type { DeployCheck, ValuesLabel } from "../check";
import { type K8sObject, validateRendered } from "../lib/kubernetes";
import { parseYamlStream } from "../lib/yaml";
import { VALUE_SETS } from "../lib/values-sets";

/** Renders the chart with `label`'s values (kept in ctx.renders for the later checks) and validates every object. */
export function helmTemplate(label: ValuesLabel): DeployCheck {
  return {
    name: `helm template + kubernetes-models (${label} values)`,
    run: async (ctx) => {
      const text = ctx.helm.template(VALUE_SETS[label]);
      const objects = parseYamlStream<K8sObject>(text, `helm template (${label})`);
      ctx.renders[label] = { text, objects };
      return {
        detail: `${objects.length} objects: ${await validateRendered(objects, label)}`,
      };
    },
  };
}
