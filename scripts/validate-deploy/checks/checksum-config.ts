import { assert } from "../lib/assert";
import { type DeployCheck, rendered } from "../check";
import type { IDeployment, K8sObject } from "../lib/kubernetes";
import { parseYamlStream } from "../lib/yaml";

const messagingDeployment = (objects: K8sObject[]) =>
  objects.find((o) => o.kind === "Deployment" && o.metadata?.name?.endsWith("-messaging")) as IDeployment | undefined;

export const checksumConfig: DeployCheck = {
  name: "checksum/config changes when a setting changes",
  run: async (ctx) => {
    const before = messagingDeployment(rendered(ctx, "default").objects);
    const after = messagingDeployment(
      parseYamlStream<K8sObject>(ctx.helm.template(["--set", "services.messaging.config.MESSAGING_SEND_TIMEOUT_MS=9000"]), "checksum"),
    );
    const a = before?.spec?.template.metadata?.annotations?.["checksum/config"];
    const b = after?.spec?.template.metadata?.annotations?.["checksum/config"];
    assert(a !== undefined && b !== undefined, "no checksum/config annotation on the messaging Deployment");
    assert(a !== b, "checksum/config did not change");
    return { detail: `${a.slice(0, 8)} -> ${b.slice(0, 8)}` };
  },
};
