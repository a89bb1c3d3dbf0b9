import type { EventAppender, PlatformRuntime, PrismaClientLike, ServiceDb } from "@rebound/platform";
import { PrismaClient, type Prisma } from "../generated/prisma/client";

// The generated client's overloaded $transaction does not match PrismaClientLike
// structurally under TypeScript 5.9 (reported to the platform kit); the
// intersection states what is true at run time.
type TelephonyClient = PrismaClient & PrismaClientLike;

export type TelephonyDb = ServiceDb<TelephonyClient, Prisma.TransactionClient>;
/** The handle inside `db.transaction` / `db.processOnce`: Prisma plus `append`. */
export type TelephonyTx = Prisma.TransactionClient & EventAppender;

export function createTelephonyDb(runtime: PlatformRuntime): TelephonyDb {
  return runtime.createServiceDb<TelephonyClient, Prisma.TransactionClient>(
    "telephony",
    (adapter) => new PrismaClient({ adapter }) as TelephonyClient,
  );
}
