import { Client, type QueryConfig } from "pg";

/**
 * A pg client that sends a transaction's BEGIN together with the transaction's first statement:
 * one round trip less per transaction (issue 27: BEGIN was 2.8 of 16 round trips per missed call on
 * PGlite, and a socket write is most of a round trip's CPU on both sides).
 *
 * `query("BEGIN")` on an idle client answers at once, as PostgreSQL would (command BEGIN, no rows);
 * the next message the client sends goes out behind a simple-protocol `BEGIN` in the same write, and
 * the server's answer to it (CommandComplete, ReadyForQuery) is taken off the connection's messages
 * before the client sees them. Notices pass through. BEGIN fails only on a connection that is in a
 * failed transaction (the statement behind it fails the same way) or that is being shut down; the
 * connection is then destroyed, so the statement behind it fails instead of running outside a
 * transaction. Prisma's BEGIN (a named statement) and `pgSql`'s (plain text) are both deferred.
 */
export class DeferredBeginClient extends Client {
  private beginDeferred = false;
  private awaitingBeginReply = false;
  /** BEGIN was refused: nothing more from this connection reaches the client; it is being destroyed. */
  private beginRefused = false;

  constructor(config?: ConstructorParameters<typeof Client>[0]) {
    super(config);
    const connection = (this as unknown as { connection: PgConnection }).connection;
    const send = connection._send.bind(connection);
    connection._send = (buffer: Buffer) => {
      if (!this.beginDeferred) return send(buffer);
      this.beginDeferred = false;
      this.awaitingBeginReply = true;
      return send(Buffer.concat([BEGIN_MESSAGE, buffer]));
    };
    const emit = connection.emit.bind(connection);
    connection.emit = (event: string | symbol, ...args: unknown[]) => {
      if ((this.awaitingBeginReply || this.beginRefused) && this.takeBeginReply(event, args[0], connection)) return true;
      return emit(event, ...args);
    };
  }

  // pg's query() has many overloads; this one forwards them all.
  override query(...args: unknown[]): never {
    const [config, values, callback] = args;
    if (this.mayDefer(config, values)) {
      this.beginDeferred = true;
      const result = { command: "BEGIN", rowCount: null, oid: null, rows: [], fields: [] };
      const done = typeof values === "function" ? values : typeof callback === "function" ? callback : undefined;
      if (done) {
        process.nextTick(() => (done as (error: Error | null, result: unknown) => void)(null, result));
        return undefined as never;
      }
      return Promise.resolve(result) as never;
    }
    return (super.query as (...queryArgs: unknown[]) => never)(...args);
  }

  /** True for the messages that answer the deferred BEGIN (taken off the stream); false for the rest. */
  private takeBeginReply(event: string | symbol, message: unknown, connection: PgConnection): boolean {
    // The rest of the stream (the statement sent behind the BEGIN) is not the client's to see.
    if (this.beginRefused) return event !== "error" && event !== "end";
    if (event === "message") return isBeginReply(message);
    if (event === "commandComplete") return true;
    if (event === "readyForQuery") {
      this.awaitingBeginReply = false;
      return true;
    }
    if (event === "errorMessage") {
      this.awaitingBeginReply = false;
      this.beginRefused = true;
      connection.stream.destroy(new Error(`BEGIN failed: ${(message as { message?: string }).message ?? "unknown error"}`));
      return true;
    }
    return false;
  }

  private mayDefer(config: unknown, values: unknown): boolean {
    const state = this as unknown as PgClientState;
    const idle = state.readyForQuery && !state._activeQuery && state._queryQueue.length === 0 && state._queryable && !state._ending && !state.pipeline;
    if (!idle || this.beginDeferred || this.awaitingBeginReply) return false;
    const text = typeof config === "string" ? config : isTextConfig(config) ? config.text : undefined;
    if (text?.trim().toUpperCase() !== "BEGIN") return false;
    const boundValues = Array.isArray(values) ? values : isTextConfig(config) ? config.values : undefined;
    return !boundValues || boundValues.length === 0;
  }
}

/** A simple-protocol Query message: 'Q', its length (itself and the text), "BEGIN" and its NUL. */
const BEGIN_MESSAGE = Buffer.concat([Buffer.from([0x51, 0, 0, 0, 10]), Buffer.from("BEGIN\0", "latin1")]);

interface PgConnection {
  _send(buffer: Buffer): boolean;
  emit(event: string | symbol, ...args: unknown[]): boolean;
  stream: { destroy(error?: Error): void };
}

interface PgClientState {
  readyForQuery: boolean;
  _activeQuery: unknown;
  _queryQueue: unknown[];
  _queryable: boolean;
  _ending: boolean;
  pipeline?: boolean;
}

function isTextConfig(config: unknown): config is QueryConfig & { submit?: unknown } {
  return (
    typeof config === "object" &&
    config !== null &&
    typeof (config as QueryConfig).text === "string" &&
    typeof (config as { submit?: unknown }).submit !== "function"
  );
}

function isBeginReply(message: unknown): boolean {
  const name = (message as { name?: string } | undefined)?.name;
  return name === "commandComplete" || name === "readyForQuery" || name === "error";
}
