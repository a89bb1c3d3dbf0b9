import type { EventAppender, PlatformRuntime, ServiceDb } from "@rebound/platform";
import { PrismaClient, type Prisma } from "../generated/prisma/client";

export type BillingDb = ServiceDb<PrismaClient, Prisma.TransactionClient>;
/** The transaction handle of `db.transaction` / `db.processOnce`: Prisma plus `append`. */
export type BillingTx = Prisma.TransactionClient & EventAppender;

export function createBillingDb(runtime: PlatformRuntime): BillingDb {
  return runtime.createServiceDb<PrismaClient, Prisma.TransactionClient>("billing", (adapter) => new PrismaClient({ adapter }));
}
