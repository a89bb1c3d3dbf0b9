import { assert } from "../lib/assert";
import { type DeployCheck, rendered } from "../check";
import {
  chartRules as applyChartRules,
  findObject,
  type IConfigMap,
  type IDeployment,
  type INetworkPolicy,
  objectsOf,
  type K8sObject,
} from "../lib/kubernetes";
import { RELEASE } from "../lib/repo";

/** The images of a render's Deployments. */
const imagesOf = (objects: K8sObject[]) => objectsOf<IDeployment>(objects, "Deployment").map((d) => d.spec?.template.spec?.containers[0]?.image ?? "");
/** Messaging's SIMULATOR_URL in a render (its own ConfigMap). */
const simulatorUrlOf = (objects: K8sObject[]) => findObject<IConfigMap>(objects, "ConfigMap", `${RELEASE}-rebound-messaging`)?.data?.SIMULATOR_URL;

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
      devCallers: { telephony: ["messaging"] },
    });
    const prodDeployment = objectsOf<IDeployment>(production, "Deployment")[0];
    const databaseUrl = prodDeployment?.spec?.template.spec?.containers[0]?.env?.find((e) => e.name === "DATABASE_URL");
    const secretRef = databaseUrl?.valueFrom?.secretKeyRef?.name;
    assert(secretRef === "rebound-secrets", `production values: DATABASE_URL from ${secretRef}, not the existingSecret`);
    assert(!production.some((o) => o.kind === "Secret"), "production values render a Secret despite existingSecret");
    // The simulators live only in the dev images: the dev values run them, production values never.
    const dev = rendered(ctx, "dev").objects;
    const notDev = imagesOf(dev).filter((image) => !image.endsWith(":dev"));
    assert(notDev.length === 0, `dev values: ${notDev.join(", ")} are not the dev images (tag dev), which hold the simulators`);
    for (const label of ["default", "production"] as const) {
      const devImages = imagesOf(rendered(ctx, label).objects).filter((image) => image.endsWith(":dev"));
      assert(devImages.length === 0, `${label} values deploy dev images: ${devImages.join(", ")}`);
      assert(simulatorUrlOf(rendered(ctx, label).objects) === "", `${label} values: messaging's SIMULATOR_URL is not empty`);
    }
    assert(
      simulatorUrlOf(dev) === `http://${RELEASE}-rebound-telephony:3000`,
      `dev values: messaging's SIMULATOR_URL is ${simulatorUrlOf(dev)}, not the telephony Service (one carrier simulator)`,
    );
    const telephonyPolicy = findObject<INetworkPolicy>(dev, "NetworkPolicy", `${RELEASE}-rebound-telephony`);
    const admitted = (telephonyPolicy?.spec?.ingress ?? [])
      .flatMap((rule) => rule.from ?? [])
      .map((peer) => peer.podSelector?.matchLabels?.["app.kubernetes.io/component"]);
    assert(admitted.includes("messaging"), "dev values: telephony's NetworkPolicy does not admit messaging, which reaches its carrier simulator");
    return {
      detail:
        "hardened securityContext, /healthz + /readyz, checksum, HPA/PDB/SA/NetworkPolicy per service, webhook paths, migration hook, existingSecret, dev images and one simulator only with dev values",
    };
  },
};
