import { Client, type QueryConfig } from "pg";

/**
 * A pg client that sends a transaction's BEGIN together with the transaction's first statement, and
 * (when asked, `commitBehindNext`) its COMMIT together with its last: two round trips less per
 * transaction (issue 27: BEGIN and COMMIT were 2.8 each of 16 round trips per missed call on PGlite, and
 * a socket write is most of a round trip's CPU on both sides).
 *
 * `query("BEGIN")` on an idle client answers at once, as PostgreSQL would (command BEGIN, no rows);
 * the next message the client sends goes out behind a simple-protocol `BEGIN` in the same write, and
 * the server's answer to it (CommandComplete, ReadyForQuery) is taken off the connection's messages
 * before the client sees them. Notices pass through. BEGIN fails only on a connection that is in a
 * failed transaction (the statement behind it fails the same way) or that is being shut down; the
 * connection is then destroyed, so the statement behind it fails instead of running outside a
 * transaction. Prisma's BEGIN (a named statement) and `pgSql`'s (plain text) are both deferred.
 *
 * `commitBehindNext()` puts a simple-protocol COMMIT right behind the next statement sent (after its
 * Sync, or its simple Query), in the same write. The statement's own answer reaches the client as
 * usual; COMMIT's (CommandComplete and ReadyForQuery, or an error) is taken off the stream and settles
 * the promise: "COMMIT", or "ROLLBACK" when the transaction had failed (the statement's error, if it
 * failed, reaches its caller as usual). A connection that ends first rejects it.
 */
export class DeferredBeginClient extends Client {
  private beginDeferred = false;
  private awaitingBeginReply = false;
  /** BEGIN was refused: nothing more from this connection reaches the client; it is being destroyed. */
  private beginRefused = false;
  /** COMMIT goes behind the next statement ("queued"), went out ("sent"), its answer is next ("answering"). */
  private commit?: { state: "queued" | "sent" | "answering"; tag?: string; error?: Error; settle: (error: Error | undefined, tag?: string) => void };

  constructor(config?: ConstructorParameters<typeof Client>[0]) {
    super(config);
    const connection = (this as unknown as { connection: PgConnection }).connection;
    const send = connection._send.bind(connection);
    connection._send = (buffer: Buffer) => {
      let out = buffer;
      if (this.commit?.state === "queued" && endsStatement(buffer)) {
        this.commit.state = "sent";
        out = Buffer.concat([out, COMMIT_MESSAGE]);
      }
      if (this.beginDeferred) {
        this.beginDeferred = false;
        this.awaitingBeginReply = true;
        out = Buffer.concat([BEGIN_MESSAGE, out]);
      }
      return send(out);
    };
    const emit = connection.emit.bind(connection);
    connection.emit = (event: string | symbol, ...args: unknown[]) => {
      if ((this.awaitingBeginReply || this.beginRefused) && this.takeBeginReply(event, args[0], connection)) return true;
      if (this.commit && this.takeCommitReply(event, args[0])) return true;
      return emit(event, ...args);
    };
    const connectionEnded = (error?: Error) => this.commit?.settle(error ?? new Error("the connection ended before COMMIT was answered"));
    const lifecycle = connection as unknown as { on(event: "end" | "error", listener: (error?: Error) => void): void };
    lifecycle.on("end", () => connectionEnded());
    lifecycle.on("error", connectionEnded);
  }

  /**
   * COMMIT goes out behind the next statement this client sends, in the same write; resolves with its
   * command tag ("COMMIT", or "ROLLBACK" for a transaction that had failed), rejects with its error.
   * Nothing may be sent in the transaction after that statement.
   */
  commitBehindNext(): Promise<string> {
    if (this.commit) return Promise.reject(new Error("a COMMIT is already waiting for its statement"));
    return new Promise<string>((resolve, reject) => {
      this.commit = {
        state: "queued",
        settle: (error, tag) => {
          this.commit = undefined;
          if (error) reject(error);
          else resolve(tag ?? "");
        },
      };
    });
  }

  /**
   * A COMMIT still waiting for its statement (the statement failed before it was sent, on a connection
   * that had already failed, say) is dropped: its promise rejects instead of waiting for an answer that
   * will never come. Once sent, it settles by its answer or by the connection's end.
   */
  abandonQueuedCommit(): void {
    if (this.commit?.state === "queued") this.commit.settle(new Error("COMMIT not sent: its statement never went out"));
  }

  /** True for the messages that answer the COMMIT sent behind a statement (taken off the stream). */
  private takeCommitReply(event: string | symbol, message: unknown): boolean {
    const commit = this.commit;
    if (!commit || commit.state === "queued") return false;
    if (commit.state === "sent") {
      // The statement's own answer passes; its ReadyForQuery is the last of it.
      if (event === "readyForQuery") commit.state = "answering";
      return false;
    }
    if (event === "message") return isBeginReply(message);
    if (event === "commandComplete") {
      commit.tag = (message as { text?: string }).text;
      return true;
    }
    if (event === "errorMessage") {
      commit.error = new Error(`COMMIT failed: ${(message as { message?: string }).message ?? "unknown error"}`);
      return true;
    }
    if (event === "readyForQuery") {
      commit.settle(commit.error, commit.tag);
      return true;
    }
    return false;
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
const COMMIT_MESSAGE = Buffer.concat([Buffer.from([0x51, 0, 0, 0, 11]), Buffer.from("COMMIT\0", "latin1")]);

/** A write that ends a statement: it holds a Sync (extended protocol) or is a simple Query. */
function endsStatement(buffer: Buffer): boolean {
  if (buffer[0] === 0x51) return true;
  // pg sends each message of an extended query with its own write (corked into one): the Sync is its own buffer.
  return buffer.length === 5 && buffer[0] === 0x53 && buffer.readUInt32BE(1) === 4;
}

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
