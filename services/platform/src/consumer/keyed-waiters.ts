/**
 * Waits for a read model to learn a key: `whenKnown(key, timeoutMs)` resolves `true` as soon as
 * the code that puts the key's entry calls `known(key)`, or `false` after `timeoutMs`. Instead of
 * polling memory in a loop, a use case that must wait for an event (a business right after
 * sign-up) waits here; the read model calls `known` whenever it stores an entry.
 */
export class KeyedWaiters<K = string> {
  private readonly waiting = new Map<K, Set<(known: boolean) => void>>();

  whenKnown(key: K, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const listeners = this.waiting.get(key) ?? new Set<(known: boolean) => void>();
      this.waiting.set(key, listeners);
      const done = (known: boolean) => {
        clearTimeout(timer);
        listeners.delete(done);
        if (listeners.size === 0 && this.waiting.get(key) === listeners) this.waiting.delete(key);
        resolve(known);
      };
      const timer = setTimeout(() => done(false), Math.max(0, timeoutMs));
      listeners.add(done);
    });
  }

  /** Wakes everyone waiting for `key`. Cheap when nobody waits (one map lookup). */
  known(key: K): void {
    const listeners = this.waiting.get(key);
    if (!listeners) return;
    for (const listener of [...listeners]) listener(true);
  }

  /** Keys someone is waiting for (tests). */
  get waitingKeys(): number {
    return this.waiting.size;
  }
}
