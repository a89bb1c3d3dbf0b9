import type { EventPayload, EventPayloadInit, EventType } from "@rebound/contracts";
import type { Clock } from "../clock/clock";
import { type Outbox } from "../outbox/outbox";
import { createPendingEvent, type PendingEvent } from "../outbox/pending-event";
import { GroupCommit } from "./group-commit";
import type { PgSql } from "./pg-sql";
import { quoteIdent, type ComposableStatement, type SqlExecutor } from "./sql-executor";

/** What `db.transaction` adds to the Prisma transaction client. */
export interface EventAppender {
  /** Records an event in this transaction; it is published once the transaction commits. Returns the event id. */
  append<T extends EventType>(type: T, key: string, payload: EventPayload<T> | EventPayloadInit<T>): string;
}

/** Any generated Prisma client: its overloaded `$transaction` is called in its interactive form. */
export interface PrismaClientLike extends SqlExecutor {
  $transaction: object;
  $disconnect(): Promise<void>;
}

type InteractiveTransaction = <R>(fn: (tx: unknown) => Promise<R>, options?: { maxWait?: number; timeout?: number }) => Promise<R>;

/** How long a write nobody waits on in a hurry (a send result, a status callback) waits to share a commit. */
const NON_URGENT_LINGER_MS = 25;

/** The handle inside `db.sqlTransaction`: raw SQL on the transaction's connection, plus `append` and `changeWithEvents`. */
export interface SqlTx extends SqlExecutor, EventAppender {
  /**
   * Runs `change`, a data-modifying statement ending in RETURNING (or a query over data-modifying CTEs),
   * and writes the events `describe` appends in the same statement (one round trip instead of two), only
   * if `change` returns a row for which `when` (SQL over its returned columns; default: any row) holds.
   * Returns change's rows. `last`: nothing follows it in this work; if no work follows in the transaction
   * either, the statement also writes the events appended before it and carries the COMMIT.
   */
  changeWithEvents<R extends object>(
    change: ComposableStatement,
    describe: (events: EventAppender) => void,
    options?: { when?: string; last?: boolean },
  ): Promise<R[]>;
}

type SqlWork = (tx: SqlTx) => Promise<unknown>;

/** A raw transaction's events, and whether its COMMIT went out with a statement (nothing may follow). */
interface TransactionEvents {
  pending: PendingEvent[];
  committing: boolean;
}

export interface SqlTransactionOptions {
  /**
   * Share a transaction with other callers' work (see GroupCommit): `"urgent"` joins the
   * next one, after one event-loop turn; `"linger"` may wait up to 25 ms for company (it then
   * rides in the next urgent write's transaction). If any item of a shared transaction fails,
   * the batch is retried item by item, so one failure rejects only its own caller: `fn` must
   * be safe to run again after a rollback (no side effects outside the transaction).
   */
  groupCommit?: "urgent" | "linger";
}

/** Work items per shared transaction. */
const GROUP_COMMIT_MAX_BATCH = 64;

/** PGlite runs one transaction at a time, so waiting for the connection can take a while under load. */
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

/**
 * A service's database handle: its Prisma client for reads; `transaction`, which gives the
 * Prisma transaction client plus `append` for the outbox; and `sqlTransaction`, raw SQL
 * plus `append` with optional group commit, for the hot path's writers (a Prisma
 * interactive transaction costs 2-3x the CPU of the same statements on pg: see
 * docs/decisions.md, "One database path").
 */
export class ServiceDb<TClient extends PrismaClientLike, TTx extends SqlExecutor> {
  private readonly processedTable: string;

  constructor(
    readonly client: TClient,
    readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly sql: PgSql,
  ) {
    this.processedTable = `${quoteIdent(outbox.schema)}."processed_events"`;
  }

  async transaction<R>(fn: (tx: TTx & EventAppender) => Promise<R>): Promise<R> {
    return this.runTransaction((raw, pending) => fn(this.withAppend(raw, pending)));
  }

  /** One transaction; events pushed to `pending` are written before the commit and published after it. */
  private async runTransaction<R>(fn: (raw: TTx, pending: PendingEvent[]) => Promise<R>): Promise<R> {
    const pending: PendingEvent[] = [];
    const interactive = (this.client.$transaction as InteractiveTransaction).bind(this.client);
    let result: R;
    try {
      result = await interactive(async (tx) => {
        const raw = tx as TTx;
        const value = await fn(raw, pending);
        await this.outbox.writeInTransaction(raw, pending);
        return value;
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      this.outbox.afterRollback(pending);
      throw error;
    }
    this.outbox.afterCommit(pending);
    return result;
  }

  /**
   * A transaction of raw SQL plus `append`: `pg` with named prepared statements, the same
   * code and SQL text on PGlite and PostgreSQL. With `groupCommit`, `fn` shares the
   * transaction with other callers' work (see SqlTransactionOptions).
   */
  sqlTransaction<R>(fn: (tx: SqlTx) => Promise<R>, options: SqlTransactionOptions = {}): Promise<R> {
    if (options.groupCommit) return this.groupCommit.submit(fn as SqlWork, options.groupCommit === "urgent") as Promise<R>;
    return this.runSqlTransaction((txFor) => fn(txFor(true)));
  }

  /** Resolves once every group-committed transaction submitted so far has committed (or failed). */
  groupCommitIdle(): Promise<void> {
    return this.groupCommit.idle();
  }

  /** `work` gets one handle per work item: `last` for the transaction's last item (whose last statement may carry COMMIT). */
  private async runSqlTransaction<R>(work: (txFor: (last: boolean) => SqlTx) => Promise<R>): Promise<R> {
    const events: TransactionEvents = { pending: [], committing: false };
    let result: R;
    try {
      result = await this.sql.transaction(async (raw) => {
        const value = await work((last) => this.sqlTx(raw, events, last));
        if (!events.committing)
          await this.outbox.writeInTransaction(
            raw,
            events.pending.filter((event) => !event.recorded),
          );
        return value;
      });
    } catch (error) {
      this.outbox.afterRollback(events.pending);
      throw error;
    }
    this.outbox.afterCommit(events.pending);
    return result;
  }

  private sqlTx(raw: SqlExecutor, events: TransactionEvents, lastItem: boolean): SqlTx {
    const append = this.appender(events.pending);
    return {
      ...raw,
      append: (type, key, payload) => {
        if (events.committing) throw new Error("an event appended after the transaction's last statement (its COMMIT is sent)");
        return append(type, key, payload);
      },
      changeWithEvents: async <T extends object>(
        change: ComposableStatement,
        describe: (appender: EventAppender) => void,
        options: { when?: string; last?: boolean } = {},
      ) => {
        const described: PendingEvent[] = [];
        describe({ append: this.appender(described) });
        // The transaction's last statement also writes the events appended before it, and carries the COMMIT.
        const last = (options.last ?? false) && lastItem;
        const carried = last ? events.pending.filter((event) => !event.recorded) : [];
        if (last) events.committing = true;
        const { rows, changed } = await this.outbox.writeWithChange<T>(raw, change, described, { when: options.when ?? "true", last, carried });
        // Written with the change, or (serialised appends) left to the transaction's end like any other append.
        if (changed) events.pending.push(...described);
        return rows;
      },
    };
  }

  private readonly groupCommit = new GroupCommit<SqlWork, unknown>(
    (fns) =>
      this.runSqlTransaction(async (txFor) => {
        const results: unknown[] = [];
        for (const [index, fn] of fns.entries()) results.push(await fn(txFor(index === fns.length - 1)));
        return results;
      }),
    GROUP_COMMIT_MAX_BATCH,
    NON_URGENT_LINGER_MS,
  );

  private appender(pending: PendingEvent[]): EventAppender["append"] {
    return (type, key, payload) => {
      const event = createPendingEvent(type, key, payload, this.clock.now());
      pending.push(event);
      return event.id;
    };
  }

  private withAppend(raw: TTx, pending: PendingEvent[]): TTx & EventAppender {
    const append = this.appender(pending);
    return new Proxy(raw, {
      get: (target, property, receiver) => (property === "append" ? append : Reflect.get(target, property, receiver)),
    }) as TTx & EventAppender;
  }

  /**
   * Runs `fn` in a transaction that also records (consumer, eventId) in
   * processed_events; an event already processed is skipped. The handler's writes
   * and the mark commit together, so a redelivered event has no second effect.
   * Returns false when it was a duplicate.
   */
  async processOnce(consumer: string, eventId: string, fn: (tx: TTx & EventAppender) => Promise<void>): Promise<boolean> {
    return this.transaction(async (tx) => {
      const inserted = await tx.$executeRawUnsafe(
        `INSERT INTO ${this.processedTable} (consumer, event_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING`,
        consumer,
        eventId,
      );
      if (inserted === 0) return false;
      await fn(tx);
      return true;
    });
  }
}
