// A value the values schema accepts but that renders an invalid Kubernetes object fails kubernetes-models.
import { errorMessage } from "../lib/assert";
import type { DeployCheck } from "../check";
import { type K8sObject, validateRendered } from "../lib/kubernetes";
import { parseYamlStream } from "../lib/yaml";

export const brokenValueFailsKubernetesModels: DeployCheck = {
  name: "broken value: schema-valid but invalid Kubernetes object fails kubernetes-models",
  run: async ({ helm }) => {
    const objects = parseYamlStream<K8sObject>(helm.template(["--set-json", 'serviceDefaults.extraEnv=[{"value":"no name"}]']), "broken");
    try {
      await validateRendered(objects, "broken extraEnv");
    } catch (error) {
      return {
        detail: `rejected: ${errorMessage(error).split("\n")[1]?.trim().slice(0, 140)}`,
      };
    }
    throw new Error("kubernetes-models accepted an env entry without a name");
  },
};
