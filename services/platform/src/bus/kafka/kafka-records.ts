import type { IHeaders, KafkaMessage, Message, TopicMessages } from "kafkajs";
import type { BusRecord, DeliveredRecord } from "../event-bus";

/** One sendBatch payload: records grouped by topic, publish order kept within each topic. */
export function toTopicMessages(records: BusRecord[]): TopicMessages[] {
  const byTopic = new Map<string, Message[]>();
  for (const record of records) {
    let messages = byTopic.get(record.topic);
    if (!messages) byTopic.set(record.topic, (messages = []));
    messages.push({
      key: record.key,
      // A view, not a copy: kafkajs only reads the bytes while encoding the request.
      value: Buffer.from(record.value.buffer, record.value.byteOffset, record.value.byteLength),
      headers: { ...record.headers },
    });
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}

export function toDeliveredRecord(topic: string, partition: number, message: KafkaMessage): DeliveredRecord {
  return {
    topic,
    key: message.key ? message.key.toString("utf8") : "",
    // Copied so a handler that keeps the value does not pin the whole fetch response buffer.
    value: message.value ? new Uint8Array(message.value) : new Uint8Array(0),
    headers: decodeHeaders(message.headers),
    partition,
    offset: message.offset,
  };
}

/** Kafka allows repeated header names (kafkajs then gives an array); the last one wins, as in Java's lastHeader(). */
export function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined) continue;
    decoded[name] = typeof value === "string" ? value : value.toString("utf8");
  }
  return decoded;
}
