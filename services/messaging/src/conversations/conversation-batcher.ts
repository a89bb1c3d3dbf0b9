// Events handed to the inbox projection within BATCH_LINGER_MS of each other, or while the previous
// write runs, are applied together: a statement per table for the batch instead of several per event.
// The projection is not on the call path, and on PGlite it shares the call path's one database thread:
// measured there, a missed call's four events cost the database 2 ms one event per transaction, 0.4 ms
// in batches of 40 (100 calls/s with a 100 ms linger). If a batch fails, each event is retried alone,
// so one bad event fails only its own handler (which the bus then retries and dead-letters).
import type { ConversationEvent } from "../domain/conversation-thread";
import type { MessagingDeps } from "../messaging-deps";
import { applyConversationEvents } from "./project-conversation-event.use-case";

const MAX_BATCH = 500;
/**
 * How long the first event of a batch waits for company (the owner's stream polls every 500 ms anyway). At 40
 * calls/s, 250 ms writes about 5 batches a second where 100 ms wrote 11 (docs/decisions.md, issue 27).
 */
export const BATCH_LINGER_MS = 250;

interface Pending {
  event: ConversationEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class ConversationBatcher {
  private readonly queue: Pending[] = [];
  private scheduled?: NodeJS.Timeout;
  private writing = false;

  constructor(
    private readonly deps: Pick<MessagingDeps, "db" | "conversations">,
    private readonly consumer: string,
    private readonly lingerMs = BATCH_LINGER_MS,
  ) {}

  apply(event: ConversationEvent): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      this.schedule();
    });
  }

  /** One write at a time: what arrives while a write runs, or within the linger, goes into the next one. */
  private schedule(): void {
    if (this.writing || this.queue.length === 0) return;
    if (this.scheduled && this.queue.length < MAX_BATCH) return;
    clearTimeout(this.scheduled);
    this.scheduled = setTimeout(
      () => {
        this.scheduled = undefined;
        void this.flush();
      },
      this.queue.length >= MAX_BATCH ? 0 : this.lingerMs,
    );
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, MAX_BATCH);
    this.writing = true;
    try {
      await this.write(batch.map((item) => item.event));
      for (const item of batch) item.resolve();
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else for (const item of batch) await this.write([item.event]).then(item.resolve, item.reject);
    } finally {
      this.writing = false;
      this.schedule();
    }
  }

  /** Not urgent: it may wait a few ms to ride in the call path's next transaction. */
  private write(events: ConversationEvent[]): Promise<void> {
    return this.deps.db.sqlTransaction((tx) => applyConversationEvents(this.deps, tx, this.consumer, events), { groupCommit: "linger" });
  }
}
