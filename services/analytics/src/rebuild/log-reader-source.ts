import { HEADERS } from "@rebound/contracts";
import type { DeliveredRecord, LogReader } from "@rebound/platform";
import type { LogSource } from "./log-source";

/**
 * The log through one of the platform's readers, the projected types only: the embedded log
 * (openEmbeddedLogReader: bus.messages from sequence 0) or the Kafka topics from their first
 * retained record to their end when the rebuild started (openKafkaLogReader).
 */
export class LogReaderSource implements LogSource {
  private readonly eventTypes: ReadonlySet<string>;

  constructor(
    private readonly reader: LogReader,
    readonly description: string,
    eventTypes: readonly string[],
  ) {
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
