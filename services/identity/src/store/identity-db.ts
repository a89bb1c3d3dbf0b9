import type { EventAppender, PlatformRuntime, ServiceDb } from "@rebound/platform";
import { PrismaClient, type Prisma } from "../generated/prisma/client";

export type IdentityDb = ServiceDb<PrismaClient, Prisma.TransactionClient>;
/** The transaction handle of `db.transaction` / `db.processOnce`: Prisma plus `append`. */
export type IdentityTx = Prisma.TransactionClient & EventAppender;

export function createIdentityDb(runtime: PlatformRuntime): IdentityDb {
  return runtime.createServiceDb<PrismaClient, Prisma.TransactionClient>("identity", (adapter) => new PrismaClient({ adapter }));
}
