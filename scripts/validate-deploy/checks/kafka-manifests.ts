import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { read } from "../lib/repo";
import { parseYamlStream } from "../lib/yaml";

interface StrimziObject {
  apiVersion?: string;
  kind: string;
  metadata?: { name?: string; labels?: Record<string, string> };
  spec?: { partitions?: unknown; config?: Record<string, unknown> };
}

export const kafkaManifests: DeployCheck = {
  name: "infra/kafka: Strimzi Kafka, KafkaNodePool and KafkaTopic manifests",
  run: async () => {
    const objects = [
      ...parseYamlStream<StrimziObject>(read("infra/kafka/kafka.yaml"), "kafka.yaml"),
      ...parseYamlStream<StrimziObject>(read("infra/kafka/topics.yaml"), "topics.yaml"),
    ];
    const problems: string[] = [];
    for (const o of objects) {
      if (o.apiVersion !== "kafka.strimzi.io/v1beta2") problems.push(`${o.kind}/${o.metadata?.name}: apiVersion ${o.apiVersion}`);
      if (o.kind !== "Kafka" && o.metadata?.labels?.["strimzi.io/cluster"] !== "rebound")
        problems.push(`${o.kind}/${o.metadata?.name}: not labelled for cluster rebound`);
      const partitions = o.spec?.partitions;
      if (o.kind === "KafkaTopic" && !(Number.isInteger(partitions) && (partitions as number) > 0 && String(o.spec?.config?.["retention.ms"]) === "-1")) {
        problems.push(`${o.metadata?.name}: partitions or infinite retention missing`);
      }
    }
    const kinds = objects.map((o) => o.kind);
    for (const kind of ["Kafka", "KafkaNodePool", "KafkaTopic"]) if (!kinds.includes(kind)) problems.push(`no ${kind}`);
    assertNoProblems(problems, "problems");
    return { detail: `${objects.length} objects` };
  },
};
