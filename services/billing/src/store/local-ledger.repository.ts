import type { Prisma } from "../generated/prisma/client";
import type { BillingDb, BillingTx } from "./billing-db";

export type LocalKind = "customer" | "payment_method" | "setup_intent" | "subscription" | "invoice";

export interface LocalObjectRow<T> {
  id: string;
  kind: LocalKind;
  customerId: string | null;
  data: T;
}

export interface NewLocalObject<T> {
  id: string;
  kind: LocalKind;
  customerId?: string | null;
  idempotencyKey?: string;
  dueAt?: Date | null;
  data: T;
}

function newRow<T>(object: NewLocalObject<T>, now: Date): Prisma.LocalObjectCreateManyInput {
  return {
    id: object.id,
    kind: object.kind,
    customerId: object.customerId ?? null,
    idempotencyKey: object.idempotencyKey ?? null,
    dueAt: object.dueAt ?? null,
    data: object.data as unknown as Prisma.InputJsonValue,
    createdAt: now,
    updatedAt: now,
  };
}

/** The local payment provider's ledger: Stripe-like objects as JSON documents in billing's schema. */
export class LocalLedgerRepository {
  constructor(private readonly db: BillingDb) {}

  transaction<R>(fn: (tx: BillingTx) => Promise<R>): Promise<R> {
    return this.db.transaction(fn);
  }

  async get<T>(id: string, kind: LocalKind): Promise<T | undefined> {
    const row = await this.db.client.localObject.findUnique({ where: { id } });
    return row && row.kind === kind ? (row.data as unknown as T) : undefined;
  }

  /** Reads the object and locks its row until the transaction ends. */
  async getForUpdate<T>(tx: BillingTx, id: string, kind: LocalKind): Promise<T | undefined> {
    const rows = await tx.$queryRawUnsafe<{ kind: string; data: unknown }[]>(`SELECT kind, data FROM billing.local_objects WHERE id = $1 FOR UPDATE`, id);
    const row = rows[0];
    if (!row || row.kind !== kind) return undefined;
    return (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as T;
  }

  async findByIdempotencyKey<T>(tx: BillingTx | undefined, key: string): Promise<LocalObjectRow<T> | undefined> {
    const client = tx ?? this.db.client;
    const row = await client.localObject.findUnique({ where: { idempotencyKey: key } });
    return row ? { id: row.id, kind: row.kind as LocalKind, customerId: row.customerId, data: row.data as unknown as T } : undefined;
  }

  async list<T>(customerId: string, kind: LocalKind, tx?: BillingTx): Promise<T[]> {
    const client = tx ?? this.db.client;
    const rows = await client.localObject.findMany({ where: { customerId, kind }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    return rows.map((row) => row.data as unknown as T);
  }

  async insert<T>(tx: BillingTx, object: NewLocalObject<T>, now: Date): Promise<void> {
    await tx.localObject.create({ data: newRow(object, now) });
  }

  /** Inserts the object unless one with its id exists; false when it did. */
  async insertIfAbsent<T>(tx: BillingTx, object: NewLocalObject<T>, now: Date): Promise<boolean> {
    const { count } = await tx.localObject.createMany({ data: [newRow(object, now)], skipDuplicates: true });
    return count === 1;
  }

  async save<T>(tx: BillingTx, id: string, data: T, now: Date, dueAt?: Date | null, customerId?: string): Promise<void> {
    await tx.localObject.update({
      where: { id },
      data: {
        data: data as unknown as Prisma.InputJsonValue,
        updatedAt: now,
        ...(dueAt !== undefined ? { dueAt } : {}),
        ...(customerId !== undefined ? { customerId } : {}),
      },
    });
  }

  /** Subscriptions whose next billing step (trial notice, period end, retry) is due. */
  async dueSubscriptionIds(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db.client.localObject.findMany({
      where: { kind: "subscription", dueAt: { lte: now } },
      orderBy: { dueAt: "asc" },
      take: limit,
      select: { id: true },
    });
    return rows.map((row) => row.id);
  }

  /** The next value of a named counter (invoice numbers), atomic on PGlite and PostgreSQL alike. */
  async nextCounter(tx: BillingTx, name: string): Promise<number> {
    const rows = await tx.$queryRawUnsafe<{ value: number }[]>(
      `INSERT INTO billing.local_counters (name, value) VALUES ($1, 1)
       ON CONFLICT (name) DO UPDATE SET value = billing.local_counters.value + 1 RETURNING value`,
      name,
    );
    return Number(rows[0]?.value ?? 1);
  }
}
