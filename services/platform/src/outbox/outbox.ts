import type { Logger } from "../logging/logger";
import type { ComposableStatement, SqlExecutor } from "../db/sql-executor";
import type { EventBus } from "../bus/event-bus";
import { EmbeddedBus } from "../bus/embedded/embedded-bus";
import { EventLogRepository } from "./event-log.repository";
import { toBusRecord, type PendingEvent } from "./pending-event";

/**
 * Published marks are written together, at most this long after a publish: one UPDATE for every event
 * published in the window (about one per call per service at 20 ms). Well inside the relay's
 * 2 s, so the relay never republishes a row only because its mark waited.
 */
const MARK_PUBLISHED_DELAY_MS = 250;

/**
 * The transactional outbox of one service. Events are written to the service's
 * event_log in the same transaction as the state change. With the embedded bus
 * (same database) they are appended to the bus in that transaction too, so a
 * commit is a publish. With Kafka they are published right after the commit and
 * marked published; the relay publishes whatever a crash left behind.
 */
export class Outbox {
  private readonly log: EventLogRepository;
  private readonly toMark = new Set<string>();
  private markTimer?: NodeJS.Timeout;
  private inFlight = new Set<Promise<void>>();

  constructor(
    readonly schema: string,
    private readonly bus: EventBus,
    private readonly db: SqlExecutor,
    private readonly logger: Logger,
  ) {
    this.log = new EventLogRepository(schema);
  }

  get publishesInTransaction(): boolean {
    return this.bus instanceof EmbeddedBus;
  }

  /** The transaction's last statement: where the executor can, COMMIT goes out with it (`commitWithNextStatement`). */
  async writeInTransaction(tx: SqlExecutor, events: PendingEvent[]): Promise<void> {
    if (events.length === 0) return;
    if (this.bus instanceof EmbeddedBus) {
      const seqs = await this.bus.appendInTransaction(tx, events.map(toBusRecord), this.log.insertStatement(events, true), { last: true });
      events.forEach((event, index) => (event.busSeq = seqs[index]));
    } else {
      tx.commitWithNextStatement?.();
      await this.log.insert(tx, events, false);
    }
  }

  /**
   * `change` (a data-modifying statement ending in RETURNING, or a query over data-modifying CTEs) and the
   * events that describe it, as one statement: `events` are written to the log (and, with the embedded bus,
   * appended to it) only if `change` returns a row for which `when` (SQL over its columns) holds; `carried`
   * (the transaction's earlier events, not yet written) always, before them. `last`: the statement is the
   * transaction's last (its COMMIT goes out with it where the executor can). Returns change's rows and
   * whether `when` held; written events are marked `recorded` (with their `busSeq`).
   *
   * With appends serialised (the embedded bus on PostgreSQL), only the transaction's last statement appends:
   * the topic lock is taken after every row lock of the transaction, as writeInTransaction takes it, so two
   * transactions never wait for each other's locks in opposite orders. An earlier one leaves its events to the
   * end (`changed` says whether they stand).
   */
  async writeWithChange<R extends object>(
    tx: SqlExecutor,
    change: ComposableStatement,
    events: PendingEvent[],
    options: { when: string; last: boolean; carried?: PendingEvent[] },
  ): Promise<{ rows: R[]; changed: boolean }> {
    const carried = options.carried ?? [];
    const embedded = this.bus instanceof EmbeddedBus ? this.bus : undefined;
    const deferred = embedded?.serializesAppends === true && !options.last;
    const all = deferred ? [] : [...carried, ...events];
    const records = all.map(toBusRecord);
    if (embedded && all.length > 0) await embedded.lockTopics(tx, records);
    const changed = `EXISTS (SELECT 1 FROM outbox_change WHERE ${options.when})`;
    const gate = { where: changed, from: carried.length };
    const log = all.length > 0 ? this.log.insertStatement(all, embedded !== undefined, change.values.length, gate) : undefined;
    const append = log && embedded?.appendStatement(records, change.values.length + log.values.length, gate);
    const ctes = [change.with, `outbox_change AS (${change.sql})`, log && `outbox_log AS (${log.sql})`, append && `outbox_append AS (${append.sql})`];
    const seqs = append ? "(SELECT array_agg(seq) FROM outbox_append)" : "NULL::bigint[]";
    // One row at least, so the outcome is read even when the change returned none.
    const sql =
      `WITH ${ctes.filter(Boolean).join(", ")} ` +
      `SELECT c.*, o.outbox_seqs, o.outbox_changed FROM (SELECT ${seqs} AS outbox_seqs, ${changed} AS outbox_changed) o ` +
      `LEFT JOIN (SELECT *, true AS outbox_row FROM outbox_change) c ON true`;
    if (options.last) tx.commitWithNextStatement?.();
    const returned = await tx.$queryRawUnsafe<(R & OutboxColumns)[]>(sql, ...change.values, ...(log?.values ?? []), ...(append?.values ?? []));
    const outcome = returned[0];
    const written = !log ? [] : outcome?.outbox_changed ? all : carried;
    const busSeqs = embedded && outcome?.outbox_seqs ? embedded.appended(outcome.outbox_seqs) : [];
    written.forEach((event, index) => {
      event.recorded = true;
      event.busSeq = busSeqs[index];
    });
    const rows = returned
      .filter((row) => row.outbox_row)
      .map(({ outbox_seqs: _seqs, outbox_changed: _changed, outbox_row: _row, ...row }) => row as unknown as R);
    return { rows, changed: outcome?.outbox_changed === true };
  }

  /** The transaction that wrote these events rolled back. */
  afterRollback(events: PendingEvent[]): void {
    if (!(this.bus instanceof EmbeddedBus)) return;
    this.bus.rolledBack(events.flatMap((event) => (event.busSeq === undefined ? [] : [event.busSeq])));
  }

  afterCommit(events: PendingEvent[]): void {
    if (events.length === 0) return;
    if (this.bus instanceof EmbeddedBus) {
      this.bus.notifyCommitted(events.map((event) => ({ ...toBusRecord(event), seq: event.busSeq })));
      return;
    }
    const publishing = this.bus
      .publish(events.map(toBusRecord))
      .then(() => this.queueMarkPublished(events.map((event) => event.id)))
      .catch((error: unknown) => this.logger.warn({ err: error }, "publish after commit failed; the relay will retry"))
      .finally(() => this.inFlight.delete(publishing));
    this.inFlight.add(publishing);
  }

  /** Publishes rows a crash left unpublished. Returns how many it published. */
  async relayOnce(olderThanMs = 2_000, limit = 500): Promise<number> {
    const events = await this.log.findUnpublished(this.db, olderThanMs, limit);
    if (events.length === 0) return 0;
    await this.bus.publish(events.map(toBusRecord));
    await this.log.markPublished(
      this.db,
      events.map((event) => event.id),
    );
    if (this.bus instanceof EmbeddedBus) this.bus.notifyCommitted(events.map(toBusRecord));
    return events.length;
  }

  /** Waits for publishes in flight and flushes the published marks (shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.inFlight]);
    await this.markNow();
  }

  private queueMarkPublished(ids: string[]): void {
    for (const id of ids) this.toMark.add(id);
    this.markTimer ??= setTimeout(() => void this.markNow(), MARK_PUBLISHED_DELAY_MS);
  }

  private async markNow(): Promise<void> {
    if (this.markTimer) clearTimeout(this.markTimer);
    this.markTimer = undefined;
    const ids = [...this.toMark];
    this.toMark.clear();
    await this.log.markPublished(this.db, ids).catch((error: unknown) => {
      this.logger.warn({ err: error }, "marking events published failed; the relay may publish them again");
    });
  }
}

/** The columns writeWithChange adds to the change's rows (and takes off again). */
interface OutboxColumns {
  outbox_seqs: (bigint | number | string)[] | null;
  outbox_changed: boolean;
  outbox_row: boolean | null;
}
