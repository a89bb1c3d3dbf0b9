import type { BillingDb, BillingTx } from "./billing-db";

export interface CustomerRecord {
  id: string;
  provider: string;
  userId: string | null;
  businessId: string | null;
  email: string;
  name: string;
  signupState: "pending" | "confirmed";
  signupKey: string | null;
  defaultPaymentMethodId: string | null;
  publishedState: string | null;
  createdAt: Date;
}

type Row = Omit<CustomerRecord, "signupState"> & { signupState: string };
const toRecord = (row: Row): CustomerRecord => ({ ...row, signupState: row.signupState === "pending" ? "pending" : "confirmed" });

const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && "code" in error && error.code === "P2002";

export class CustomerRepository {
  constructor(private readonly db: BillingDb) {}

  async findById(id: string): Promise<CustomerRecord | null> {
    const row = await this.db.client.customer.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  async findByUser(userId: string): Promise<CustomerRecord | null> {
    const row = await this.db.client.customer.findUnique({ where: { userId } });
    return row ? toRecord(row) : null;
  }

  async findBySignupKey(signupKey: string): Promise<CustomerRecord | null> {
    const row = await this.db.client.customer.findUnique({ where: { signupKey } });
    return row ? toRecord(row) : null;
  }

  /** Sign-ups that never produced an account, older than `before`. */
  async findPendingBefore(before: Date, limit: number): Promise<CustomerRecord[]> {
    const rows = await this.db.client.customer.findMany({
      where: { signupState: "pending", createdAt: { lt: before } },
      orderBy: { createdAt: "asc" },
      take: limit,
    });
    return rows.map(toRecord);
  }

  /** Inserts the customer; false when one with the same id, user or sign-up payment method exists. */
  async insert(
    tx: BillingTx,
    record: Omit<CustomerRecord, "publishedState" | "defaultPaymentMethodId" | "businessId" | "createdAt"> & { now: Date },
  ): Promise<boolean> {
    const { now, ...data } = record;
    try {
      await tx.customer.create({ data: { ...data, createdAt: now, updatedAt: now } });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async lockById(tx: BillingTx, id: string): Promise<CustomerRecord | null> {
    await tx.$queryRawUnsafe(`SELECT id FROM billing.customers WHERE id = $1 FOR UPDATE`, id);
    const row = await tx.customer.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  async confirm(tx: BillingTx, id: string, userId: string, now: Date): Promise<void> {
    await tx.customer.update({ where: { id }, data: { userId, signupState: "confirmed", updatedAt: now } });
  }

  async update(
    tx: BillingTx,
    id: string,
    patch: Partial<Pick<CustomerRecord, "email" | "name" | "defaultPaymentMethodId" | "publishedState" | "businessId">>,
    now: Date,
  ): Promise<void> {
    await tx.customer.update({ where: { id }, data: { ...patch, updatedAt: now } });
  }

  async setBusinessForUser(tx: BillingTx, userId: string, businessId: string, now: Date): Promise<number> {
    const result = await tx.customer.updateMany({ where: { userId }, data: { businessId, updatedAt: now } });
    return result.count;
  }

  async delete(tx: BillingTx, id: string): Promise<void> {
    await tx.paymentMethod.deleteMany({ where: { customerId: id } });
    await tx.invoice.deleteMany({ where: { customerId: id } });
    await tx.subscription.deleteMany({ where: { customerId: id } });
    await tx.customer.deleteMany({ where: { id } });
  }
}
