import type { PlatformRuntime, ServiceDb } from "@rebound/platform";
import { PrismaClient, type Prisma } from "../generated/prisma/client";

/** The projections' writes are raw SQL (`db.sqlTransaction`, group-committed when projecting): pg without Prisma's per-query cost. */
export type AnalyticsDb = ServiceDb<PrismaClient, Prisma.TransactionClient>;

export function createAnalyticsDb(runtime: PlatformRuntime): AnalyticsDb {
  return runtime.createServiceDb<PrismaClient, Prisma.TransactionClient>("analytics", (adapter) => new PrismaClient({ adapter }));
}

/** Fully qualified table name of this service's schema. */
export const table = (name: string): string => `"analytics"."${name}"`;

/** A timestamptz column read as epoch milliseconds (the same number on PGlite and PostgreSQL). */
export const epochMs = (column: string, alias = column): string => `round(extract(epoch from ${column}) * 1000)::float8 AS "${alias}"`;
