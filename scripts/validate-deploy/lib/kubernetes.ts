// Rendered Kubernetes objects: validated with kubernetes-models, and the chart's own rules.
// kubernetes-models is ESM only; these scripts are CommonJS (tsx), so its types come in with resolution-mode.
import type { IDeployment } from "kubernetes-models/apps/v1/Deployment" with {
  "resolution-mode": "import",
};
import type { IHorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler" with {
  "resolution-mode": "import",
};
import type { IJob } from "kubernetes-models/batch/v1/Job" with {
  "resolution-mode": "import",
};
import type { IIngress } from "kubernetes-models/networking.k8s.io/v1/Ingress" with {
  "resolution-mode": "import",
};
import type { INetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy" with {
  "resolution-mode": "import",
};
import type { IConfigMap } from "kubernetes-models/v1/ConfigMap" with {
  "resolution-mode": "import",
};
import { assert, assertNoProblems, errorMessage } from "./assert";
import { RELEASE, SERVICES } from "./repo";
import { topicPartitions } from "./topics";

export type { IConfigMap, IDeployment, INetworkPolicy };

/** Any rendered object; the rules read a kind through its kubernetes-models interface. */
export interface K8sObject {
  apiVersion?: string;
  kind: string;
  metadata?: {
    name?: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

interface KubernetesModel {
  validate(): void;
}
type KubernetesModelModule = Record<string, new (data: unknown) => KubernetesModel>;

/** The object of `kind` named `name`, typed as that kind. */
export function findObject<T>(objects: K8sObject[], kind: string, name: string): T | undefined {
  return objects.find((o) => o.kind === kind && o.metadata?.name === name) as T | undefined;
}
export function objectsOf<T>(objects: K8sObject[], kind: string): T[] {
  return objects.filter((o) => o.kind === kind) as T[];
}

async function validateK8sObject(object: K8sObject): Promise<void> {
  const { apiVersion, kind } = object;
  assert(apiVersion && kind, `object without apiVersion/kind: ${JSON.stringify(object).slice(0, 120)}`);
  let mod: KubernetesModelModule;
  try {
    mod = (await import(`kubernetes-models/${apiVersion}/${kind}`)) as KubernetesModelModule;
  } catch {
    throw new Error(`${kind} ${apiVersion}: no schema in kubernetes-models (unknown kind or API version)`);
  }
  const Model = mod[kind];
  assert(Model, `${kind} ${apiVersion}: no schema in kubernetes-models (unknown kind or API version)`);
  new Model(object).validate();
}

/** Validates every object and that none is rendered twice; answers the kinds counted. */
export async function validateRendered(objects: K8sObject[], label: string): Promise<string> {
  const problems: string[] = [];
  for (const object of objects) {
    try {
      await validateK8sObject(object);
    } catch (error) {
      problems.push(`${object.kind}/${object.metadata?.name}: ${errorMessage(error).split("\n")[0]}`);
    }
  }
  assertNoProblems(problems, `invalid objects in ${label}`);
  const kinds: Record<string, number> = {};
  const seen = new Set<string>();
  for (const o of objects) {
    kinds[o.kind] = (kinds[o.kind] ?? 0) + 1;
    const id = `${o.kind}/${o.metadata?.namespace ?? ""}/${o.metadata?.name}`;
    if (seen.has(id)) problems.push(`${id}: rendered twice (name collision)`);
    seen.add(id);
  }
  assertNoProblems(problems, `duplicate objects in ${label}`);
  return Object.entries(kinds)
    .map(([k, n]) => `${n} ${k}`)
    .join(", ");
}

export interface ChartRuleOptions {
  label: string;
  expectAutoscaling?: boolean;
  expectPdb?: boolean;
  expectIngress?: boolean;
  /** Callers admitted only with these values (development: messaging reaches telephony's carrier simulator). */
  devCallers?: Partial<Record<string, string[]>>;
}

/** Services another service calls besides the gateway: billing's sign-up saga creates the account at identity. */
const INTERNAL_CALLERS: Partial<Record<string, string[]>> = { identity: ["gateway", "billing"] };

/**
 * The chart's rules: per service a Deployment, Service, ServiceAccount, NetworkPolicy, ConfigMap
 * (and HPA, PDB); hardened containers, probes, the config checksum; NetworkPolicies that admit
 * only the gateway (identity also billing: INTERNAL_CALLERS) and scrapers; the webhook paths of
 * the Ingress; the migration hook.
 */
export function chartRules(
  objects: K8sObject[],
  { label, expectAutoscaling = true, expectPdb = true, expectIngress = true, devCallers = {} }: ChartRuleOptions,
): void {
  const problems: string[] = [];
  for (const service of SERVICES) {
    const name = `${RELEASE}-rebound-${service}`;
    const wanted = ["Deployment", "Service", "ServiceAccount", "NetworkPolicy", "ConfigMap"];
    if (expectAutoscaling) wanted.push("HorizontalPodAutoscaler");
    if (expectPdb) wanted.push("PodDisruptionBudget");
    for (const kind of wanted) if (!findObject(objects, kind, name)) problems.push(`${service}: no ${kind} ${name}`);
    const deployment = findObject<IDeployment>(objects, "Deployment", name);
    if (!deployment) continue;
    const pod = deployment.spec?.template;
    const c = pod?.spec?.containers[0];
    if (!pod || !c) {
      problems.push(`${service}: Deployment without a container`);
      continue;
    }
    const sc = c.securityContext ?? {};
    if (sc.runAsNonRoot !== true) problems.push(`${service}: container may run as root`);
    if (sc.readOnlyRootFilesystem !== true) problems.push(`${service}: root filesystem is writable`);
    if (sc.allowPrivilegeEscalation !== false) problems.push(`${service}: privilege escalation allowed`);
    if (!(sc.capabilities?.drop ?? []).includes("ALL")) problems.push(`${service}: capabilities not dropped`);
    if (pod.spec?.automountServiceAccountToken !== false) problems.push(`${service}: API token mounted`);
    if (!pod.metadata?.annotations?.["checksum/config"]) problems.push(`${service}: no checksum/config annotation`);
    if (c.livenessProbe?.httpGet?.path !== "/healthz") problems.push(`${service}: liveness probe is not /healthz`);
    if (c.readinessProbe?.httpGet?.path !== "/readyz") problems.push(`${service}: readiness probe is not /readyz`);
    if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory || !c.resources?.limits?.memory) problems.push(`${service}: resources incomplete`);
    if (!(c.volumeMounts ?? []).some((m) => m.mountPath === "/tmp")) problems.push(`${service}: no writable /tmp`);
    const policy = findObject<INetworkPolicy>(objects, "NetworkPolicy", name);
    if (policy && service !== "gateway") {
      const callers = [...(INTERNAL_CALLERS[service] ?? ["gateway"]), ...(devCallers[service] ?? [])];
      for (const rule of policy.spec?.ingress ?? []) {
        const from = rule.from ?? [];
        const onlyCallersOrScraper =
          from.length > 0 &&
          from.every((peer) => callers.includes(peer.podSelector?.matchLabels?.["app.kubernetes.io/component"] ?? "") || peer.namespaceSelector);
        if (!onlyCallersOrScraper) problems.push(`${service}: NetworkPolicy admits more than ${callers.join(" and ")}: ${JSON.stringify(rule)}`);
      }
    }
    const hpa = findObject<IHorizontalPodAutoscaler>(objects, "HorizontalPodAutoscaler", name);
    if (hpa && hpa.spec?.scaleTargetRef.name !== name) problems.push(`${service}: HPA targets ${hpa.spec?.scaleTargetRef.name}`);
  }
  // Consumers cannot usefully outnumber the partitions of the topics they read.
  const messagingHpa = findObject<IHorizontalPodAutoscaler>(objects, "HorizontalPodAutoscaler", `${RELEASE}-rebound-messaging`);
  const partitions = topicPartitions().strimzi.get("rebound.calls.v1");
  const maxReplicas = messagingHpa?.spec?.maxReplicas;
  if (maxReplicas !== undefined && partitions !== undefined && maxReplicas > partitions) {
    problems.push(`messaging: maxReplicas ${maxReplicas} > ${partitions} partitions of rebound.calls.v1`);
  }
  if (expectIngress) {
    const ingress = objectsOf<IIngress>(objects, "Ingress")[0];
    if (!ingress) problems.push("no Ingress");
    else {
      const paths = (ingress.spec?.rules ?? []).flatMap((r) => r.http?.paths ?? []);
      for (const wanted of ["/webhooks/twilio", "/webhooks/stripe", "/"]) {
        const path = paths.find((p) => p.path === wanted);
        if (!path) problems.push(`Ingress: no path ${wanted}`);
        else if (path.backend.service?.name !== `${RELEASE}-rebound-gateway`) problems.push(`Ingress: ${wanted} does not go to the gateway`);
      }
    }
  }
  const job = objectsOf<IJob>(objects, "Job")[0];
  const hook = job?.metadata?.annotations?.["helm.sh/hook"] ?? "";
  if (!job || !hook.includes("pre-install") || !hook.includes("pre-upgrade")) problems.push("no migration Job as a pre-install/pre-upgrade hook");
  else if (!(job.spec?.template.spec?.containers[0]?.args ?? []).includes("deploy")) problems.push("migration Job does not run deploy");
  assertNoProblems(problems, `chart rule violations in ${label}`);
}
