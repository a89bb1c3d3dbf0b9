// docker-compose.yml: what waits for what, health checks, how the images are built (the dev target),
// the Kafka topics (against the registry and Strimzi) and the database schemas (against init.sql).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { composeFile } from "../lib/compose";
import { read, root, SERVICES } from "../lib/repo";
import { topicPartitions } from "../lib/topics";

export const composeStructure: DeployCheck = {
  name: "docker-compose.yml: dependencies, health checks, dev images, topics, schemas",
  run: async () => {
    const problems: string[] = [];
    const services = composeFile().value.services;
    for (const [name, svc] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(svc.depends_on ?? {})) {
        if (!services[dep]) problems.push(`${name} depends on unknown ${dep}`);
        if (condition === "service_healthy" && !services[dep]?.healthcheck) problems.push(`${name} waits for ${dep} to be healthy, which has no healthcheck`);
        if (condition === "service_completed_successfully" && services[dep]?.restart && services[dep].restart !== "no")
          problems.push(`${dep} is awaited to complete but restarts`);
      }
    }
    for (const service of [...SERVICES, "migrate"]) {
      const svc = services[service];
      if (!svc) {
        problems.push(`no compose service ${service}`);
        continue;
      }
      if (svc.build?.dockerfile !== "infra/docker/Dockerfile" || svc.build?.args?.SERVICE !== service)
        problems.push(`${service}: not built from infra/docker/Dockerfile with SERVICE=${service}`);
      // Compose is a development stack: the dev image (main.dev.ts, the simulators), never the production target.
      if (svc.build?.target !== "dev") problems.push(`${service}: not built with target dev (the dev image)`);
      if (service !== "migrate" && !svc.healthcheck) problems.push(`${service}: no healthcheck`);
      if (service !== "migrate" && svc.depends_on?.migrate?.condition !== "service_completed_successfully" && service !== "gateway")
        problems.push(`${service}: does not wait for the migration`);
      if (!svc.read_only) problems.push(`${service}: root filesystem writable`);
    }
    for (const service of SERVICES.filter((s) => s !== "gateway")) {
      if (services.gateway?.depends_on?.[service]?.condition !== "service_healthy") problems.push(`gateway does not wait for ${service}`);
    }
    if (!(services.gateway?.ports ?? []).some((p) => String(p).startsWith("8080:"))) problems.push("gateway is not published on 8080");
    const { strimzi, compose: composeTopics } = topicPartitions();
    const registry = read("proto/src/registry.ts");
    const registryTopics = new Set([...registry.matchAll(/"(rebound\.[a-z]+\.v\d+)"/g)].map((m) => m[1] ?? ""));
    for (const topic of registryTopics) {
      if (!composeTopics.has(topic)) problems.push(`kafka-init does not create ${topic}`);
      if (!strimzi.has(topic)) problems.push(`infra/kafka/topics.yaml has no KafkaTopic ${topic}`);
      if (composeTopics.get(topic) !== strimzi.get(topic))
        problems.push(`${topic}: ${composeTopics.get(topic)} partitions in compose, ${strimzi.get(topic)} in Strimzi`);
    }
    for (const topic of new Set([...composeTopics.keys(), ...strimzi.keys()]))
      if (!registryTopics.has(topic)) problems.push(`${topic} is not a topic of proto/src/registry.ts`);
    const init = read("infra/docker/postgres/init.sql");
    for (const dir of readdirSync(join(root, "services"))) {
      const prisma = join(root, "services", dir, "prisma", "schema.prisma");
      if (!existsSync(prisma)) continue;
      const declared = /schemas\s*=\s*\[([^\]]*)\]/.exec(readFileSync(prisma, "utf8"))?.[1] ?? "";
      for (const schema of [...declared.matchAll(/"([^"]+)"/g)].map((m) => m[1])) {
        if (!new RegExp(`CREATE SCHEMA IF NOT EXISTS ${schema} `).test(init)) problems.push(`init.sql does not create schema ${schema} (services/${dir})`);
      }
    }
    assertNoProblems(problems, "problems");
    return {
      detail: `${registryTopics.size} topics (${[...composeTopics].map(([t, n]) => `${t.split(".")[1]}:${n}`).join(" ")})`,
    };
  },
};
