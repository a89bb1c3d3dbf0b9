// A value that renders valid objects which break the chart's rules fails those rules.
import { errorMessage } from "../lib/assert";
import type { DeployCheck } from "../check";
import { chartRules, type K8sObject } from "../lib/kubernetes";
import { parseYamlStream } from "../lib/yaml";

export const brokenValueFailsChartRules: DeployCheck = {
  name: "broken value: writable root filesystem fails the chart rules",
  run: async ({ helm }) => {
    const objects = parseYamlStream<K8sObject>(helm.template(["--set", "serviceDefaults.containerSecurityContext.readOnlyRootFilesystem=false"]), "broken");
    try {
      chartRules(objects, { label: "broken securityContext" });
    } catch (error) {
      return {
        detail: `rejected: ${errorMessage(error).split("\n")[1]?.trim()}`,
      };
    }
    throw new Error("the chart rules accepted a writable root filesystem");
  },
};
