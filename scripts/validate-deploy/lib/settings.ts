// The settings each service's process reads, from the services' own zod config schemas.
import { remoteSimulatorConfigSchema } from "../../../packages/carrier-simulator/src/remote-simulator";
import { analyticsConfigSchema } from "../../../services/analytics/src/config";
import { billingConfigSchema, identityLinkConfigSchema } from "../../../services/billing/src/config";
import { gatewayConfigSchema, upstreamConfigSchema } from "../../../services/gateway/src/config";
import { messagingConfigSchema } from "../../../services/messaging/src/config";
import { platformConfigSchema } from "../../../services/platform/src/config/platform-config";
import { mailConfigSchema } from "../../../packages/providers/src/mail/mail-config";
import { telephonyConfigSchema } from "../../../packages/providers/src/telephony/telephony-config";
import { standaloneConfigSchema } from "../../../services/standalone/src/config";
import { telephonyServiceConfigSchema } from "../../../services/telephony/src/config";
import { assert } from "./assert";
import type { IConfigMap, IDeployment } from "./kubernetes";
import type { ServiceName } from "./repo";

export interface ServiceSettings {
  perService: Record<ServiceName, Set<string>>;
  /** Every service's, and the standalone process's. */
  all: Set<string>;
}

/** What is read of a zod schema (objects, and the pipes, transforms and refinements around them). */
interface SchemaNode {
  shape?: Record<string, unknown>;
  def?: { in?: SchemaNode; innerType?: SchemaNode };
  _def?: { in?: SchemaNode; schema?: SchemaNode };
}

function keysOf(schema: unknown): string[] {
  let s = schema as SchemaNode | undefined;
  for (let i = 0; i < 10 && s && !s.shape; i++) s = s.def?.in ?? s._def?.in ?? s.def?.innerType ?? s._def?.schema;
  assert(s?.shape, "cannot find the object shape of a config schema");
  return Object.keys(s.shape);
}

/** Settings each service's process reads: its config schemas plus the platform's. */
export function serviceSettings(): ServiceSettings {
  // run-service-main adds PORT.
  const platform = [...keysOf(platformConfigSchema), "PORT"];
  const telephony = keysOf(telephonyConfigSchema);
  const mail = keysOf(mailConfigSchema);
  const perService: Record<ServiceName, string[]> = {
    gateway: [...platform, ...keysOf(gatewayConfigSchema), ...keysOf(upstreamConfigSchema)],
    identity: [...platform, ...mail],
    business: [...platform],
    telephony: [...platform, ...keysOf(telephonyServiceConfigSchema), ...telephony],
    // SIMULATOR_URL: read by messaging's dev entry (main.dev.ts) to reach telephony's carrier simulator.
    messaging: [...platform, ...keysOf(messagingConfigSchema), ...telephony, ...mail, ...keysOf(remoteSimulatorConfigSchema)],
    billing: [...platform, ...keysOf(billingConfigSchema), ...keysOf(identityLinkConfigSchema), ...mail],
    analytics: [...platform, ...keysOf(analyticsConfigSchema)],
  };
  const result = Object.fromEntries(Object.entries(perService).map(([k, v]) => [k, new Set(v)])) as Record<ServiceName, Set<string>>;
  const all = new Set([...Object.values(result).flatMap((s) => [...s]), ...keysOf(standaloneConfigSchema)]);
  return { perService: result, all };
}

/** Environment names a rendered Deployment gives its container (env + envFrom ConfigMaps). */
export function renderedEnvNames(deployment: IDeployment, configMaps: Map<string | undefined, IConfigMap>): Set<string> {
  const container = deployment.spec?.template.spec?.containers[0];
  const names = new Set((container?.env ?? []).map((e) => e.name));
  for (const source of container?.envFrom ?? []) {
    const cm = configMaps.get(source.configMapRef?.name);
    assert(cm, `${deployment.metadata?.name}: envFrom ConfigMap ${source.configMapRef?.name} is not rendered`);
    for (const key of Object.keys(cm.data ?? {})) names.add(key);
  }
  return names;
}
