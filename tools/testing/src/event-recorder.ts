import { decodeEnvelope, isEventType, topicsOf, HEADERS, type AnyEventEnvelope, type EventEnvelope, type EventType } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import type { EventBus, Subscription } from "@rebound/platform";

/** Records every event of the given types that reaches the bus (a consumer group of its own). */
export class EventRecorder {
  readonly events: AnyEventEnvelope[] = [];
  private subscription?: Subscription;
  private listeners: (() => void)[] = [];

  static async start(bus: EventBus, types: EventType[]): Promise<EventRecorder> {
    const recorder = new EventRecorder();
    const wanted = new Set<string>(types);
    recorder.subscription = await bus.subscribe({
      groupId: `test-recorder-${randomUUID()}`,
      topics: [...new Set(types.flatMap(topicsOf))],
      handler: async (record) => {
        const type = record.headers[HEADERS.eventType] ?? "";
        if (!isEventType(type) || !wanted.has(type)) return;
        recorder.events.push(decodeEnvelope(record.key, record.value, record.headers));
        recorder.listeners.forEach((listener) => listener());
      },
    });
    return recorder;
  }

  of<T extends EventType>(type: T): EventEnvelope<T>[] {
    return this.events.filter((event) => event.type === type) as unknown as EventEnvelope<T>[];
  }

  /** Resolves with the events of a type once at least `count` arrived; rejects after the timeout. */
  async waitFor<T extends EventType>(type: T, count = 1, timeoutMs = 5_000): Promise<EventEnvelope<T>[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.of(type).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} ${type}, got ${this.of(type).length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.listeners = [];
    }
    return this.of(type);
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }
}
