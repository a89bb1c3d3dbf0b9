/**
 * Wakes a forwarding test's waiting request the moment this process records
 * news for it (the forwarded call, the test call's end). Requests also poll the
 * database, which covers news recorded by another replica.
 */
export class ForwardingTestWaiters {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Resolves on notify(testId) or after `timeoutMs`, whichever comes first. */
  wait(testId: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const listeners = this.waiting.get(testId) ?? new Set<() => void>();
      this.waiting.set(testId, listeners);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(done);
        if (listeners.size === 0) this.waiting.delete(testId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      listeners.add(done);
    });
  }

  notify(testId: string): void {
    for (const listener of [...(this.waiting.get(testId) ?? [])]) listener();
  }
}
