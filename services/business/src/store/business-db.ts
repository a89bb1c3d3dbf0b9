import type { EventAppender, PlatformRuntime, ServiceDb } from "@rebound/platform";
import { PrismaClient, type Prisma } from "../generated/prisma/client";

export type BusinessDb = ServiceDb<PrismaClient, Prisma.TransactionClient>;
/** The transaction handle of `db.transaction` / `db.processOnce`: Prisma plus `append`. */
export type BusinessTx = Prisma.TransactionClient & EventAppender;

export function createBusinessDb(runtime: PlatformRuntime): BusinessDb {
  return runtime.createServiceDb<PrismaClient, Prisma.TransactionClient>("business", (adapter) => new PrismaClient({ adapter }));
}
