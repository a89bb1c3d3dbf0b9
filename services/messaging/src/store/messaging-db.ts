import type { EventAppender, PlatformRuntime, ServiceDb, SqlTx } from "@rebound/platform";
import { PrismaClient, type Prisma } from "../generated/prisma/client";

export type MessagingDb = ServiceDb<PrismaClient, Prisma.TransactionClient>;
/** A transaction of the messaging schema, with the outbox's append. */
export type MessagingTx = Prisma.TransactionClient & EventAppender;
/** A hot-path transaction (`db.sqlTransaction`): raw SQL on pg plus `append` and `changeWithEvents`, no Prisma models. */
export type MessagingSqlTx = SqlTx;
/** Either the root client (reads outside a transaction) or a transaction. */
export type Queryable = Prisma.TransactionClient | PrismaClient;

export function createMessagingDb(runtime: PlatformRuntime): MessagingDb {
  return runtime.createServiceDb<PrismaClient, Prisma.TransactionClient>("messaging", (adapter) => new PrismaClient({ adapter }));
}

/** Fully qualified table name of this service's schema. */
export const table = (name: string): string => `"messaging"."${name}"`;
