import type { EventAppender, PlatformRuntime, ServiceDb, SqlExecutor } from "@rebound/platform";
import { PrismaClient, type Prisma } from "../generated/prisma/client";

export type AnalyticsDb = ServiceDb<PrismaClient, Prisma.TransactionClient>;
/** The projections' writes are raw SQL (`db.sqlTransaction`, group-committed when projecting): pg without Prisma's per-query cost. */
export type AnalyticsSqlTx = SqlExecutor & EventAppender;

export function createAnalyticsDb(runtime: PlatformRuntime): AnalyticsDb {
  return runtime.createServiceDb<PrismaClient, Prisma.TransactionClient>("analytics", (adapter) => new PrismaClient({ adapter }));
}

/** Fully qualified table name of this service's schema. */
export const table = (name: string): string => `"analytics"."${name}"`;

/** A timestamptz column read as epoch milliseconds (the same number on PGlite and PostgreSQL). */
export const epochMs = (column: string, alias = column): string => `round(extract(epoch from ${column}) * 1000)::float8 AS "${alias}"`;

type Work<R> = (tx: AnalyticsSqlTx) => Promise<R>;

/**
 * The platform's raw-SQL transactions, spelled once for this service: a group-committed one
 * (shared with other writers of the same moment) and a plain one. The platform is renaming
 * these (`batchedTransaction` -> `sqlTransaction(fn, { groupCommit })`); both spellings work
 * here until that lands, then this bridge can go.
 */
interface SqlTransactions {
  batchedTransaction?<R>(fn: Work<R>): Promise<R>;
  sqlTransaction<R>(fn: Work<R>, options?: { groupCommit?: "urgent" | "linger" }): Promise<R>;
  batchIdle?(): Promise<void>;
  groupCommitIdle?(): Promise<void>;
}

export function groupCommitted<R>(db: AnalyticsDb, fn: Work<R>): Promise<R> {
  const sql = db as unknown as SqlTransactions;
  return sql.batchedTransaction ? sql.batchedTransaction(fn) : sql.sqlTransaction(fn, { groupCommit: "urgent" });
}

export function sqlTransaction<R>(db: AnalyticsDb, fn: Work<R>): Promise<R> {
  return (db as unknown as SqlTransactions).sqlTransaction(fn);
}

export async function groupCommitIdle(db: AnalyticsDb): Promise<void> {
  const sql = db as unknown as SqlTransactions;
  await (sql.batchIdle ? sql.batchIdle() : sql.groupCommitIdle?.());
}
