// Kafka topics and their partitions, as Strimzi (infra/kafka/topics.yaml) and compose's
// kafka-init (docker-compose.yml) create them.
import { once, read } from "./repo";
import { parseYamlStream } from "./yaml";

export interface TopicPartitions {
  strimzi: Map<string, number>;
  compose: Map<string, number>;
}

interface KafkaTopic {
  kind: string;
  metadata: { name: string };
  spec: { topicName?: string; partitions: number };
}

export const topicPartitions = once((): TopicPartitions => {
  const strimzi = new Map<string, number>();
  for (const o of parseYamlStream<KafkaTopic>(read("infra/kafka/topics.yaml"), "infra/kafka/topics.yaml")) {
    if (o.kind === "KafkaTopic") strimzi.set(o.spec.topicName ?? o.metadata.name, o.spec.partitions);
  }
  const compose = new Map<string, number>();
  const match = /for topic in ([^;]+);/.exec(read("docker-compose.yml"));
  for (const item of (match?.[1] ?? "").trim().split(/\s+/)) {
    const [topic, count] = item.split(":");
    if (topic) compose.set(topic, Number(count));
  }
  return { strimzi, compose };
});
