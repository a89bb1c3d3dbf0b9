import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { findObject, type IConfigMap, type IDeployment, objectsOf } from "../lib/kubernetes";
import { RELEASE, SERVICES, setDiff } from "../lib/repo";
import { renderedEnvNames } from "../lib/settings";

export const chartSettings: DeployCheck = {
  name: "chart: each Deployment's settings are exactly its service's config schema keys",
  run: async ({ renders, settings }) => {
    const problems: string[] = [];
    for (const [label, render] of Object.entries(renders)) {
      const configMaps = new Map(objectsOf<IConfigMap>(render.objects, "ConfigMap").map((o) => [o.metadata?.name, o]));
      for (const service of SERVICES) {
        const deployment = findObject<IDeployment>(render.objects, "Deployment", `${RELEASE}-rebound-${service}`);
        if (!deployment) continue;
        const rendered = renderedEnvNames(deployment, configMaps);
        const schema = settings.perService[service];
        for (const key of setDiff(rendered, schema)) problems.push(`${label}/${service}: chart sets ${key}, which no config schema of ${service} reads`);
        for (const key of setDiff(schema, rendered)) problems.push(`${label}/${service}: ${key} (config schema) is not in the chart`);
      }
    }
    assertNoProblems(problems, "mismatches");
    return {
      detail: SERVICES.map((s) => `${s} ${settings.perService[s].size}`).join(", "),
    };
  },
};
