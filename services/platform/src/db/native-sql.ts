import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { SqlExecutor } from "./sql-executor";
import { inlineParameters } from "./sql-literals";

/**
 * Raw SQL straight on the driver, without Prisma's per-query and per-transaction
 * machinery. Only the hot path's writers (and the embedded bus) use it: on PGlite a
 * Prisma interactive transaction costs about twice the raw one, and PGlite's single
 * connection makes every millisecond of a transaction everybody's wait.
 */
export interface NativeSql extends SqlExecutor {
  transaction<R>(fn: (tx: SqlExecutor) => Promise<R>): Promise<R>;
}

/** PGlite's own transaction shares the instance's lock with Prisma's adapter, so the two serialise correctly. */
export function pgliteNativeSql(pglite: PGlite): NativeSql {
  return {
    ...executorOf(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(executorOf(tx))),
  };
}

/** Statements go through the simple query protocol with their values inlined (see sql-literals). */
function executorOf(target: PGlite | Transaction): SqlExecutor {
  const run = async (query: string, values: unknown[]) => {
    const results = await target.exec(inlineParameters(query, values));
    const result = results.at(-1);
    if (!result) throw new Error("the statement returned no result");
    return result;
  };
  return {
    $executeRawUnsafe: async (query, ...values) => (await run(query, values)).affectedRows ?? 0,
    $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => (await run(query, values)).rows as T,
  };
}
