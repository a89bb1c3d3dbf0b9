import { assert } from "../lib/assert";
import { type DeployCheck, rendered } from "../check";
import { chartRules as applyChartRules, type IDeployment, objectsOf } from "../lib/kubernetes";

export const chartRules: DeployCheck = {
  name: "chart rules on rendered objects (default, production, dev)",
  run: async (ctx) => {
    const production = rendered(ctx, "production").objects;
    applyChartRules(rendered(ctx, "default").objects, {
      label: "default values",
    });
    applyChartRules(production, { label: "production values" });
    applyChartRules(rendered(ctx, "dev").objects, {
      label: "dev values",
      expectAutoscaling: false,
      expectPdb: false,
      expectIngress: false,
    });
    const prodDeployment = objectsOf<IDeployment>(production, "Deployment")[0];
    const databaseUrl = prodDeployment?.spec?.template.spec?.containers[0]?.env?.find((e) => e.name === "DATABASE_URL");
    const secretRef = databaseUrl?.valueFrom?.secretKeyRef?.name;
    assert(secretRef === "rebound-secrets", `production values: DATABASE_URL from ${secretRef}, not the existingSecret`);
    assert(!production.some((o) => o.kind === "Secret"), "production values render a Secret despite existingSecret");
    return {
      detail: "hardened securityContext, /healthz + /readyz, checksum, HPA/PDB/SA/NetworkPolicy per service, webhook paths, migration hook, existingSecret",
    };
  },
};
