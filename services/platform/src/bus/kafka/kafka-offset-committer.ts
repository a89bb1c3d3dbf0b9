import type { EachBatchPayload } from "kafkajs";
import { CommitSchedule } from "../commit-schedule";
import type { BusLogger } from "./kafka-logger";

/**
 * A consumer group's handled offsets, committed on the bus's schedule (commit-schedule.ts) instead of
 * kafkajs's autoCommit, which sends an OffsetCommit after every fetched batch whatever its
 * `autoCommitInterval` says (3.7 requests per missed call in messaging, issue 27). `handled` takes a
 * record's offset once every record before it in its partition is handled too; a stop and a rebalance
 * commit what was handled (`flush`). Commits go through the latest batch's `commitOffsetsIfNecessary`:
 * `consumer.commitOffsets` does nothing once kafkajs's stop has begun, which is when the batches in flight
 * at a stop end and commit what they handled. A commit refused because the group moved on (a rebalance) is
 * harmless: the next owner of the partition replays from the last commit, and handlers are idempotent.
 */
export class KafkaOffsetCommitter {
  /** Per topic and partition, the next offset to consume (the last handled + 1), not yet committed. */
  private readonly pending = new Map<string, { topic: string; partition: number; offset: string }>();
  private readonly schedule = new CommitSchedule(() => void this.flush());
  private committing: Promise<void> = Promise.resolve();
  private commit?: EachBatchPayload["commitOffsetsIfNecessary"];

  constructor(
    private readonly groupId: string,
    private readonly logger?: BusLogger,
  ) {}

  /** Every batch hands over its commit function: it commits in the consumer group that fetched the batch. */
  batchStarted(batch: Pick<EachBatchPayload, "commitOffsetsIfNecessary">): void {
    this.commit = batch.commitOffsetsIfNecessary;
  }

  handled(topic: string, partition: number, offset: string): void {
    this.pending.set(`${topic}\u0000${partition}`, { topic, partition, offset: (BigInt(offset) + 1n).toString() });
    this.schedule.handled();
  }

  /** Commits what was handled so far; commits run one at a time, in order. */
  flush(): Promise<void> {
    this.schedule.cancel();
    this.committing = this.committing.then(() => this.commitPending());
    return this.committing;
  }

  /** The group was joined again: offsets handled in partitions that are now another member's are not committed. */
  assigned(assignment: Record<string, number[]>): void {
    for (const [key, { topic, partition }] of this.pending) {
      if (!assignment[topic]?.includes(partition)) this.pending.delete(key);
    }
  }

  private async commitPending(): Promise<void> {
    if (this.pending.size === 0 || !this.commit) return;
    const offsets = [...this.pending.values()];
    this.pending.clear();
    try {
      await this.commit({
        topics: [...new Set(offsets.map((entry) => entry.topic))].map((topic) => ({
          topic,
          partitions: offsets.filter((entry) => entry.topic === topic).map(({ partition, offset }) => ({ partition, offset })),
        })),
      });
    } catch (error) {
      // Not put back: a newer offset may have arrived, and after a rebalance these partitions may be another member's.
      this.logger?.warn({ err: error, groupId: this.groupId }, "kafka offset commit failed; the records since the last commit may be handled again");
    }
  }
}
