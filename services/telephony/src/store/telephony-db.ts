import type { EventAppender, PlatformRuntime, ServiceDb } from "@rebound/platform";
import { PrismaClient, type Prisma } from "../generated/prisma/client";

export type TelephonyDb = ServiceDb<PrismaClient, Prisma.TransactionClient>;
/** The handle inside `db.transaction` / `db.processOnce`: Prisma plus `append`. */
export type TelephonyTx = Prisma.TransactionClient & EventAppender;

export function createTelephonyDb(runtime: PlatformRuntime): TelephonyDb {
  return runtime.createServiceDb<PrismaClient, Prisma.TransactionClient>("telephony", (adapter) => new PrismaClient({ adapter }));
}
