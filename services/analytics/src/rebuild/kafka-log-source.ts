import { HEADERS } from "@rebound/contracts";
import type { DeliveredRecord, KafkaLogReader } from "@rebound/platform";
import type { LogSource } from "./log-source";

/** The Kafka topics from their first retained record to their end when the rebuild started, the projected types only. */
export class KafkaLogSource implements LogSource {
  readonly description: string;
  private readonly eventTypes: ReadonlySet<string>;

  constructor(
    private readonly reader: KafkaLogReader,
    topics: readonly string[],
    eventTypes: readonly string[],
  ) {
    this.description = `Kafka topics ${topics.join(", ")}`;
    this.eventTypes = new Set(eventTypes);
  }

  async next(limit: number): Promise<DeliveredRecord[]> {
    // Records of other types are skipped without counting, so read until a batch has some or the log ends.
    for (;;) {
      const records = await this.reader.next(limit);
      if (records.length === 0) return [];
      const projected = records.filter((record) => this.eventTypes.has(record.headers[HEADERS.eventType] ?? ""));
      if (projected.length > 0) return projected;
    }
  }

  close(): Promise<void> {
    return this.reader.close();
  }
}
