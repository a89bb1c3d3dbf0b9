import type { PgliteConnection } from "./pglite-connection";
import { runSimpleQuery } from "./pglite-simple-query";
import type { SqlExecutor } from "./sql-executor";
import { PreparedStatements } from "./prepared-statements";

/**
 * Raw SQL straight on the driver, without Prisma's per-query and per-transaction
 * machinery. Only the hot path's writers (and the embedded bus) use it: on PGlite a
 * Prisma interactive transaction costs about twice the raw one, and PGlite's single
 * connection makes every millisecond of a transaction everybody's wait.
 */
export interface NativeSql extends SqlExecutor {
  transaction<R>(fn: (tx: SqlExecutor) => Promise<R>): Promise<R>;
}

/**
 * Statements take PGlite's own locks: the transaction lock (held by `pglite.query`,
 * `exec` and `transaction`, which Prisma's adapter uses) for a whole transaction or a
 * lone statement, and the query lock around each statement, so the two serialise
 * correctly with every other user of the instance.
 */
export function pgliteNativeSql(pglite: PgliteConnection): NativeSql {
  const statements = new PreparedStatements();
  const statement = (sql: string) => pglite._runExclusiveQuery(() => runSimpleQuery(pglite, sql));
  /** Runs `work` holding the transaction lock, then prepares the statements it saw first (outside any transaction). */
  const exclusive = <R>(work: () => Promise<R>) =>
    pglite._runExclusiveTransaction(async () => {
      try {
        return await work();
      } finally {
        await statements.prepareQueued(statement);
      }
    });
  return {
    ...executorOf(statements, (sql) =>
      exclusive(async () => {
        const results = await statement(sql);
        await pglite.syncToFs();
        return results;
      }),
    ),
    transaction: (fn) =>
      exclusive(async () => {
        // BEGIN rides with the first statement: one call into the engine fewer per transaction.
        let begun = false;
        const inTransaction = (sql: string) => {
          if (begun) return statement(sql);
          begun = true;
          return statement(`BEGIN; ${sql}`);
        };
        let result;
        try {
          result = await fn(executorOf(statements, inTransaction));
        } catch (error) {
          if (begun) await statement("ROLLBACK");
          throw error;
        }
        if (!begun) return result;
        const [commit] = await statement("COMMIT");
        // COMMIT of a transaction a failed statement aborted rolls back without an error.
        if (commit?.command !== "COMMIT") throw new Error("the transaction was rolled back: a statement in it failed");
        await pglite.syncToFs();
        return result;
      }),
  };
}

/** Values are inlined as literals (see sql-literals), or passed to EXECUTE; the last statement's result is returned. */
function executorOf(statements: PreparedStatements, run: (sql: string) => ReturnType<typeof runSimpleQuery>): SqlExecutor {
  const last = async (query: string, values: unknown[]) => {
    const result = (await run(statements.textFor(query, values))).at(-1);
    if (!result) throw new Error("the statement returned no result");
    return result;
  };
  return {
    $executeRawUnsafe: async (query, ...values) => (await last(query, values)).affectedRows,
    $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => (await last(query, values)).rows as T,
  };
}
