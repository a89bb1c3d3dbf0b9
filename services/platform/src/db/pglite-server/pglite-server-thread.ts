import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { Worker } from "node:worker_threads";

export interface ServerThreadData {
  /** The PGlite data folder; absent for an in-memory database. */
  dataPath?: string;
  /** An uncompressed tarball of a data folder (PGlite's dumpDataDir) to start from instead of an empty one. */
  loadDataDir?: Uint8Array;
  /** The unix socket to listen on: `<dir>/.s.PGSQL.<port>`, where `pg` looks with host=<dir>. */
  socketPath: string;
  /** Only create the data folder at `dataPath` (initdb, or `loadDataDir`), close PGlite and stop: no server. */
  initOnly?: boolean;
}

export type ServerThreadMessage = { kind: "ready" } | { kind: "closed" } | { kind: "failed"; error: string };

/** The port number in the socket file's name (no TCP port is opened). */
const SOCKET_PORT = 5432;

/**
 * PGlite in a worker thread, serving the PostgreSQL wire protocol on a unix socket
 * (see pglite-server-worker.ts): the engine's CPU time stays off the main event loop,
 * and the main thread reaches it with `pg`, exactly as it reaches PostgreSQL.
 */
export class PGliteServerThread {
  private closing?: Promise<void>;
  readonly port = SOCKET_PORT;

  private constructor(
    private readonly worker: Worker,
    /** The folder holding the socket: `pg`'s `host`. */
    readonly socketDir: string,
  ) {
    // The thread never keeps the process alive by itself: open client sockets do.
    worker.unref();
  }

  /** Opens PGlite in a new thread: at `dataPath`, or in memory; from a dumped data folder when given one. */
  static async start(dataPath?: string, loadDataDir?: Uint8Array): Promise<PGliteServerThread> {
    const socketDir = mkdtempSync(join(tmpdir(), "rebound-pglite-"));
    const socketPath = join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
    try {
      // A new data folder is created by a thread of its own, which then ends: PGlite keeps ~450 MB from
      // initdb (or from loading a dump) for as long as it is open, and only a thread's end gives it all
      // back (issue 27, docs/decisions.md). The server's thread then opens the folder as on any restart.
      if (dataPath !== undefined && !existsSync(join(dataPath, "PG_VERSION"))) {
        await runThread({ dataPath, loadDataDir, socketPath, initOnly: true }, "closed");
        loadDataDir = undefined;
      }
      const worker = await runThread({ dataPath, loadDataDir, socketPath }, "ready");
      return new PGliteServerThread(worker, socketDir);
    } catch (error) {
      rmSync(socketDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Stops the server and closes PGlite (clients should have disconnected). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.worker.ref();
      const reply = nextMessage(this.worker).catch(() => undefined);
      this.worker.postMessage({ kind: "close" });
      await reply;
      await this.worker.terminate();
      rmSync(this.socketDir, { recursive: true, force: true });
    })();
    return this.closing;
  }
}

/** A new PGlite thread, once it has sent `expected`; an `initOnly` thread has ended by then. */
async function runThread(workerData: ServerThreadData, expected: "ready" | "closed"): Promise<Worker> {
  const worker = new Worker(workerEntry(), { workerData, execArgv: workerExecArgv(), resourceLimits: WORKER_LIMITS });
  const first = await nextMessage(worker).catch((error: unknown): ServerThreadMessage => ({ kind: "failed", error: String(error) }));
  if (first.kind !== expected || expected === "closed") await worker.terminate();
  if (first.kind !== expected) throw new Error(`cannot open PGlite: ${first.kind === "failed" ? first.error : first.kind}`);
  return worker;
}

/**
 * The thread's JavaScript is the socket and its buffers (the engine's memory is WebAssembly's): a
 * young generation of 8 MB, whatever the process's V8 flags give its other threads (under
 * `--max-semi-space-size=32`, which `npm start` ran with until issue 27, 64 MB each).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

function nextMessage(worker: Worker): Promise<ServerThreadMessage> {
  return new Promise<ServerThreadMessage>((resolve, reject) => {
    const onMessage = (message: ServerThreadMessage) => settle(() => resolve(message));
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number) => settle(() => reject(new Error(`the PGlite thread exited (code ${code})`)));
    // Only our own listeners come off: Worker keeps internal ones.
    const settle = (done: () => void) => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      done();
    };
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
  });
}

/** The worker runs from source under tsx (`npm start`, jest) and as JavaScript once compiled. */
function workerEntry(): string {
  return join(__dirname, `pglite-server-worker${extname(__filename)}`);
}

function workerExecArgv(): string[] {
  // Resolved here, so the thread finds tsx whatever the process's working directory.
  return extname(__filename) === ".ts" ? ["--require", require.resolve("tsx/cjs")] : [];
}
