import { Mutex, types, type ExecProtocolOptions, type QueryOptions, type Results, type Transaction, messages as pg } from "@electric-sql/pglite";
import { extname, join } from "node:path";
import { Worker } from "node:worker_threads";
import type { PgliteConnection } from "../pglite-connection";
import { pgliteResults } from "../statement-results";
import { backendMessages } from "./protocol-bytes";
import type { ThreadData, ThreadReply, ThreadRequest, ThreadStarted } from "./thread-messages";

type Pending = { resolve: (data: Uint8Array) => void; reject: (error: Error) => void };
/** A request before its id is given. */
type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/**
 * PGlite running in a worker thread, behind the part of PGlite's interface Rebound uses
 * (Prisma's adapter, NativeSql, the migrator). The engine's CPU time leaves the main
 * event loop; each query is one round trip to the thread. PGlite's two locks live here,
 * on the main thread, with PGlite's meaning: the transaction lock for a whole
 * transaction or lone statement, the query lock for each statement.
 */
export class PGliteThread implements PgliteConnection {
  readonly parsers: Record<number | string, types.Parser> = { ...types.parsers };
  readonly serializers: Record<number | string, types.Serializer> = { ...types.serializers };
  readonly waitReady = Promise.resolve();
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #transactionLock = new Mutex();
  readonly #queryLock = new Mutex();
  #nextId = 1;
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: ThreadReply) => this.#settle(reply));
    worker.on("error", (error) => this.#stop(new Error(`the PGlite thread failed: ${error.message}`, { cause: error })));
    worker.on("exit", (code) => this.#stop(new Error(`the PGlite thread exited (code ${code})`)));
    // Idle, the thread does not keep the process alive; a request in flight does (see #request).
    worker.unref();
  }

  /** Opens PGlite in a new thread: at `dataPath`, or in memory. */
  static async start(dataPath?: string): Promise<PGliteThread> {
    const worker = new Worker(workerEntry(), { workerData: { dataPath } satisfies ThreadData, execArgv: workerExecArgv() });
    const started = await firstMessage(worker);
    if (started.kind === "failed") {
      await worker.terminate();
      throw new Error(`cannot open PGlite: ${started.error}`);
    }
    const thread = new PGliteThread(worker);
    await thread.#initArrayTypes();
    return thread;
  }

  get closed(): boolean {
    return this.#stopped !== undefined;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#transactionLock.runExclusive(() => this.#request({ kind: "close" }));
    this.#stop(new Error("PGlite is closed"));
    await this.#worker.terminate();
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#transactionLock.runExclusive(() => this.#runQuery<T>(query, params, options));
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#transactionLock.runExclusive(() => this.#runExec(query, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#transactionLock.runExclusive(async () => {
      await this.#runExec("BEGIN");
      let closed = false;
      const open = () => {
        if (closed) throw new Error("Transaction is closed");
      };
      const tx: Transaction = {
        query: async <R>(query: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#runQuery<R>(query, params, options);
        },
        sql: async <R>(strings: TemplateStringsArray, ...values: unknown[]) => {
          open();
          return this.#runQuery<R>(placeholderQuery(strings), values);
        },
        exec: async (query: string, options?: QueryOptions) => {
          open();
          return this.#runExec(query, options);
        },
        rollback: async () => {
          open();
          await this.#runExec("ROLLBACK");
          closed = true;
        },
        listen: () => Promise.reject(new Error("LISTEN is not supported on the PGlite thread")),
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          await this.#runExec("COMMIT");
        }
        return result;
      } catch (error) {
        if (!closed) await this.#runExec("ROLLBACK");
        throw error;
      }
    });
  }

  /** The backend's messages for `message`, as PGlite's execProtocolStream gives them (an error is thrown unless `throwOnError` is false). */
  async execProtocolStream(message: Uint8Array, options: ExecProtocolOptions = {}): Promise<pg.BackendMessage[]> {
    const { messages, error } = backendMessages(await this.#request({ kind: "protocol", message }));
    if (options.onNotice) for (const notice of messages) if (notice instanceof pg.NoticeMessage) options.onNotice(notice);
    if (error && options.throwOnError !== false) throw error;
    return messages;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryLock.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionLock.runExclusive(fn);
  }

  /** PGlite's Node filesystem writes through; there is nothing to flush. */
  async syncToFs(): Promise<void> {}

  #runQuery<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // Values are serialised in the thread, and functions cannot be sent there.
    if (options?.serializers) return Promise.reject(new Error("custom serializers are not supported on the PGlite thread"));
    return this.#queryLock.runExclusive(async () => {
      const bytes = await this.#request({ kind: "extended", text: query, params, paramTypes: options?.paramTypes });
      const { messages, error } = backendMessages(bytes);
      if (error) throw Object.assign(error, { query, params, queryOptions: options });
      return pgliteResults(messages, this.parsers, options)[0] as Results<T>;
    });
  }

  #runExec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#queryLock.runExclusive(async () => {
      const { messages, error } = backendMessages(await this.#request({ kind: "simple", text: query }));
      if (error) throw Object.assign(error, { query, params: undefined, queryOptions: options });
      return pgliteResults(messages, this.parsers, options);
    });
  }

  /** PGlite's parsers and serialisers for every array type, as PGlite sets them up when it opens. */
  async #initArrayTypes(): Promise<void> {
    const { rows } = await this.query<{ oid: number; typarray: number }>(
      `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a
       LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
       WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`,
    );
    for (const { oid, typarray } of rows) {
      this.serializers[typarray] = (value) => types.arraySerializer(value, this.serializers[oid] as types.Serializer, typarray);
      this.parsers[typarray] = (value) => types.arrayParser(value, this.parsers[oid] as types.Parser, typarray);
    }
  }

  #request(request: Request): Promise<Uint8Array> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ ...request, id } as ThreadRequest);
      } catch (error) {
        // A value the structured clone cannot copy (a function, say): nothing reached the thread.
        this.#settle({ id, error: error instanceof Error ? error.message : String(error) });
      }
    });
  }

  #settle(reply: ThreadReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ("error" in reply) pending.reject(new Error(reply.error));
    else pending.resolve(reply.data);
  }

  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
    this.#worker.unref();
  }
}

/** The thread's first message, or its failure to start. */
function firstMessage(worker: Worker): Promise<ThreadStarted> {
  return new Promise<ThreadStarted>((resolve, reject) => {
    const onMessage = (message: ThreadStarted) => settle(() => resolve(message));
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number) => settle(() => reject(new Error(`the PGlite thread exited (code ${code}) before it was ready`)));
    // Only our own listeners come off: Worker keeps internal ones (removeAllListeners stops its port).
    const settle = (done: () => void) => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      done();
    };
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
  });
}

/** `sql\`... ${value} ...\`` as `... $1 ...` (values only: no nested fragments or identifiers). */
function placeholderQuery(strings: TemplateStringsArray): string {
  return strings.reduce((query, part, index) => `${query}$${index}${part}`);
}

/** The worker runs from source under tsx (`npm start`, jest) and as JavaScript once compiled. */
function workerEntry(): string {
  return join(__dirname, `pglite-worker${extname(__filename)}`);
}

function workerExecArgv(): string[] {
  // Resolved here, so the thread finds tsx whatever the process's working directory.
  return extname(__filename) === ".ts" ? ["--require", require.resolve("tsx/cjs")] : [];
}
