import type { LedgerKind, LedgerRow, NewLedgerObject, PaymentLedger } from "./payment-ledger";

interface Stored {
  id: string;
  kind: LedgerKind;
  customerId: string | null;
  idempotencyKey: string | null;
  dueAt: number | null;
  /** JSON text: what a database column holds, so no caller shares an object with the ledger. */
  data: string;
  createdAt: number;
  /** Insertion order, the tie-break of equal creation times. */
  seq: number;
}

/** The transaction token of MemoryPaymentLedger (transactions run one at a time). */
export type MemoryLedgerTx = { readonly memory: true };
const TX: MemoryLedgerTx = { memory: true };

/**
 * The payment simulator's ledger in memory, for tests and tools: transactions run one at a time
 * and a failed one leaves nothing behind.
 */
export class MemoryPaymentLedger implements PaymentLedger<MemoryLedgerTx> {
  private objects = new Map<string, Stored>();
  private counters = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private seq = 0;

  transaction<R>(fn: (tx: MemoryLedgerTx) => Promise<R>): Promise<R> {
    const run = this.queue.then(async () => {
      const objects = new Map(this.objects);
      const counters = new Map(this.counters);
      try {
        return await fn(TX);
      } catch (error) {
        this.objects = objects;
        this.counters = counters;
        throw error;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async get<T>(id: string, kind: LedgerKind): Promise<T | undefined> {
    const row = this.objects.get(id);
    return row && row.kind === kind ? (JSON.parse(row.data) as T) : undefined;
  }

  async getForUpdate<T>(_tx: MemoryLedgerTx, id: string, kind: LedgerKind): Promise<T | undefined> {
    return this.get<T>(id, kind);
  }

  async findByIdempotencyKey<T>(_tx: MemoryLedgerTx | undefined, key: string): Promise<LedgerRow<T> | undefined> {
    const row = [...this.objects.values()].find((candidate) => candidate.idempotencyKey === key);
    return row ? { id: row.id, kind: row.kind, customerId: row.customerId, data: JSON.parse(row.data) as T } : undefined;
  }

  async list<T>(customerId: string, kind: LedgerKind): Promise<T[]> {
    return [...this.objects.values()]
      .filter((row) => row.customerId === customerId && row.kind === kind)
      .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq)
      .map((row) => JSON.parse(row.data) as T);
  }

  async insert<T>(tx: MemoryLedgerTx, object: NewLedgerObject<T>, now: Date): Promise<void> {
    if (!(await this.insertIfAbsent(tx, object, now))) throw new Error(`duplicate ledger object ${object.id}`);
  }

  async insertIfAbsent<T>(_tx: MemoryLedgerTx, object: NewLedgerObject<T>, now: Date): Promise<boolean> {
    if (this.objects.has(object.id)) return false;
    if (object.idempotencyKey && [...this.objects.values()].some((row) => row.idempotencyKey === object.idempotencyKey)) {
      throw new Error(`duplicate idempotency key ${object.idempotencyKey}`);
    }
    this.objects.set(object.id, {
      id: object.id,
      kind: object.kind,
      customerId: object.customerId ?? null,
      idempotencyKey: object.idempotencyKey ?? null,
      dueAt: object.dueAt ? object.dueAt.getTime() : null,
      data: JSON.stringify(object.data),
      createdAt: now.getTime(),
      seq: this.seq++,
    });
    return true;
  }

  async save<T>(_tx: MemoryLedgerTx, id: string, data: T, _now: Date, dueAt?: Date | null, customerId?: string): Promise<void> {
    const row = this.objects.get(id);
    if (!row) throw new Error(`no ledger object ${id}`);
    this.objects.set(id, {
      ...row,
      data: JSON.stringify(data),
      ...(dueAt !== undefined ? { dueAt: dueAt ? dueAt.getTime() : null } : {}),
      ...(customerId !== undefined ? { customerId } : {}),
    });
  }

  async dueSubscriptionIds(now: Date, limit: number): Promise<string[]> {
    return [...this.objects.values()]
      .filter((row) => row.kind === "subscription" && row.dueAt !== null && row.dueAt <= now.getTime())
      .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0))
      .slice(0, limit)
      .map((row) => row.id);
  }

  async nextCounter(_tx: MemoryLedgerTx, name: string): Promise<number> {
    const value = (this.counters.get(name) ?? 0) + 1;
    this.counters.set(name, value);
    return value;
  }
}
