// One queue per sender number, each with its own token bucket of `messagesPerSecond`:
// a business's burst waits for its own number's rate and never delays another business.
// Sends of one sender start at the allowed rate and may overlap (the provider limits
// acceptance rate, not concurrency).
import { performance } from "node:perf_hooks";

type Task = () => Promise<void>;

interface Lane {
  tasks: Task[];
  tokens: number;
  refilledAt: number;
  timer?: NodeJS.Timeout;
}

export class SenderQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly messagesPerSecond: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  push(sender: string, task: Task): void {
    if (this.stopped) return;
    let lane = this.lanes.get(sender);
    if (!lane) {
      lane = { tasks: [], tokens: this.capacity, refilledAt: performance.now() };
      this.lanes.set(sender, lane);
    }
    lane.tasks.push(task);
    this.pump(sender, lane);
  }

  /**
   * Runs `task` once its sender's rate allows and settles with it. After stop() a waiting task
   * never starts and its promise never settles (its text is recovered later).
   */
  run<T>(sender: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => this.push(sender, () => task().then(resolve, reject)));
  }

  /** Tasks waiting for their sender's rate (not yet started). */
  get waiting(): number {
    let count = 0;
    for (const lane of this.lanes.values()) count += lane.tasks.length;
    return count;
  }

  /** Stops starting tasks (the waiting ones stay unsent: their rows are recovered later) and waits for running ones. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const lane of this.lanes.values()) if (lane.timer) clearTimeout(lane.timer);
    this.lanes.clear();
    await Promise.allSettled([...this.running]);
  }

  /** A burst of one second's worth, at least one. */
  private get capacity(): number {
    return Math.max(1, this.messagesPerSecond);
  }

  private pump(sender: string, lane: Lane): void {
    if (lane.timer || this.stopped) return;
    const now = performance.now();
    lane.tokens = Math.min(this.capacity, lane.tokens + ((now - lane.refilledAt) / 1000) * this.messagesPerSecond);
    lane.refilledAt = now;
    while (lane.tasks.length > 0 && lane.tokens >= 1) {
      lane.tokens -= 1;
      const task = lane.tasks.shift() as Task;
      const run = task()
        .catch(this.onError)
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }
    if (lane.tasks.length > 0) {
      const waitMs = Math.ceil(((1 - lane.tokens) / this.messagesPerSecond) * 1000);
      lane.timer = setTimeout(() => {
        lane.timer = undefined;
        this.pump(sender, lane);
      }, waitMs);
    } else if (lane.tokens >= this.capacity) {
      this.lanes.delete(sender);
    }
  }
}
