import type { DeliveredRecord } from "@rebound/platform";
import type { EmbeddedLogRepository } from "../store/embedded-log.repository";
import type { LogSource } from "./log-source";

/** The embedded bus's log (bus.messages) from sequence 0, the projected types of the given topics only. */
export class EmbeddedLogSource implements LogSource {
  readonly description = "embedded log (bus.messages)";
  private after = 0n;

  constructor(
    private readonly log: EmbeddedLogRepository,
    private readonly topics: readonly string[],
    private readonly eventTypes: readonly string[],
  ) {}

  async next(limit: number): Promise<DeliveredRecord[]> {
    // Records of other types are skipped without counting, so read until a batch has some or the log ends.
    for (;;) {
      const { records, lastSeq } = await this.log.readAfter(this.after, limit, this.topics, this.eventTypes);
      const advanced = lastSeq !== this.after;
      this.after = lastSeq;
      if (records.length > 0 || !advanced) return records;
    }
  }
}
