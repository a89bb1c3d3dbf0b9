import type { Pool, PoolClient, QueryConfig, QueryResult } from "pg";
import type { SqlExecutor } from "./sql-executor";
import type { DeferredBeginClient } from "./deferred-begin-client";

/**
 * Raw SQL over `pg`, the same code on PostgreSQL and on standalone's PGlite (behind its
 * socket, see pglite-server): the hot path's writers, the embedded bus. Statements run as named
 * prepared statements (pg's `{ name, text, values }`), so each text is parsed and planned
 * once per connection.
 */
export interface PgSql extends SqlExecutor {
  transaction<R>(fn: (tx: SqlExecutor) => Promise<R>): Promise<R>;
}

/** Past this many distinct texts, new statements run unnamed (prepared statements live as long as the connection). */
const MAX_NAMED = 2_000;

/** Statement names by text, shared by every client of one database (a name always means one text). */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly prefix: string,
    private readonly max = MAX_NAMED,
  ) {}

  nameFor(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.max) {
      name = `${this.prefix}${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

export function pgSql(pool: Pool, names = new StatementNames("r")): PgSql {
  const run = (client: Pool | PoolClient, text: string, values: unknown[]): Promise<QueryResult> =>
    client.query({ name: names.nameFor(text), text, values } as QueryConfig);
  const executorOf = (client: Pool | PoolClient): SqlExecutor => ({
    $executeRawUnsafe: async (query, ...values) => (await run(client, query, values)).rowCount ?? 0,
    $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => (await run(client, query, values)).rows as T,
  });
  /** A transaction's executor: its last statement can carry the COMMIT (DeferredBeginClient). */
  const transactionExecutorOf = (client: PoolClient, ending: { commit?: Promise<string>; next?: boolean }): SqlExecutor => {
    const runInTransaction = (text: string, values: unknown[]): Promise<QueryResult> => {
      if (ending.commit) return Promise.reject(new Error("a statement after the transaction's last (its COMMIT is sent)"));
      if (ending.next) {
        ending.next = false;
        ending.commit = (client as unknown as Partial<Pick<DeferredBeginClient, "commitBehindNext">>).commitBehindNext?.();
        // Awaited once the transaction's work returns; a COMMIT that fails before that is not an unhandled rejection.
        ending.commit?.catch(() => undefined);
      }
      return run(client, text, values);
    };
    return {
      $executeRawUnsafe: async (query, ...values) => (await runInTransaction(query, values)).rowCount ?? 0,
      $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => (await runInTransaction(query, values)).rows as T,
      commitWithNextStatement: () => {
        ending.next = true;
      },
    };
  };
  return {
    ...executorOf(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      const ending: { commit?: Promise<string>; next?: boolean } = {};
      try {
        await client.query("BEGIN");
        let result;
        try {
          result = await fn(transactionExecutorOf(client, ending));
        } catch (error) {
          // A COMMIT sent behind the failed statement ended the transaction (as ROLLBACK); otherwise roll back.
          if (ending.commit) {
            (client as unknown as Partial<Pick<DeferredBeginClient, "abandonQueuedCommit">>).abandonQueuedCommit?.();
            await ending.commit.catch((commitError: Error) => (broken = commitError));
          } else await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
          throw error;
        }
        const command = await (ending.commit ?? client.query("COMMIT").then((commit) => commit.command));
        // COMMIT of a transaction a failed statement aborted rolls back without an error.
        if (command !== "COMMIT") throw new Error("the transaction was rolled back: a statement in it failed");
        return result;
      } finally {
        // A connection whose ROLLBACK failed is discarded.
        client.release(broken);
      }
    },
  };
}
