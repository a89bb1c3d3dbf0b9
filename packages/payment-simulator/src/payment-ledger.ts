// Where the payment simulator keeps its objects: the storage port it is given. Billing implements
// it over its own tables (services/billing/src/store/local-ledger.repository.ts: local_objects and
// local_counters), so the simulator's state lives and migrates with billing's database; tests use
// MemoryPaymentLedger. `Tx` is the host's transaction, passed back to it untouched.

export type LedgerKind = "customer" | "payment_method" | "setup_intent" | "subscription" | "invoice";

export interface LedgerRow<T> {
  id: string;
  kind: LedgerKind;
  customerId: string | null;
  data: T;
}

export interface NewLedgerObject<T> {
  id: string;
  kind: LedgerKind;
  customerId?: string | null;
  idempotencyKey?: string;
  /** When the billing cycle must look at the object (subscriptions). */
  dueAt?: Date | null;
  data: T;
}

/** Stripe-like objects as JSON documents by id, with a kind, a customer, an idempotency key and a due time. */
export interface PaymentLedger<Tx> {
  transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R>;
  get<T>(id: string, kind: LedgerKind): Promise<T | undefined>;
  /** Reads the object and locks it until the transaction ends. */
  getForUpdate<T>(tx: Tx, id: string, kind: LedgerKind): Promise<T | undefined>;
  findByIdempotencyKey<T>(tx: Tx | undefined, key: string): Promise<LedgerRow<T> | undefined>;
  /** The customer's objects of a kind, newest first. */
  list<T>(customerId: string, kind: LedgerKind, tx?: Tx): Promise<T[]>;
  insert<T>(tx: Tx, object: NewLedgerObject<T>, now: Date): Promise<void>;
  /** Inserts the object unless one with its id exists; false when it did. */
  insertIfAbsent<T>(tx: Tx, object: NewLedgerObject<T>, now: Date): Promise<boolean>;
  save<T>(tx: Tx, id: string, data: T, now: Date, dueAt?: Date | null, customerId?: string): Promise<void>;
  /** Subscriptions whose next billing step is due by `now`, earliest first. */
  dueSubscriptionIds(now: Date, limit: number): Promise<string[]>;
  /** The next value of a named counter (invoice numbers). */
  nextCounter(tx: Tx, name: string): Promise<number>;
}
