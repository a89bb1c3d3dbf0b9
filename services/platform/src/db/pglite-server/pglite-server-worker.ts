// The PGlite thread's entry point: the WASM Postgres engine behind a PostgreSQL wire-protocol
// server on a unix socket. Every complete message in a chunk goes to the engine in one
// synchronous call (raw-engine.ts; pg writes Parse/Bind/Describe/Execute/Sync together) and the answer
// goes back in one write: @electric-sql/pglite-socket hands each message to the engine
// separately, which measured 40-80% more CPU per transaction (docs/decisions.md).
// PGlite is one session: the process keeps one connection to it (database.ts).
import { PGlite } from "@electric-sql/pglite";
import { createServer, type Server, type Socket } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import type { ServerThreadData, ServerThreadMessage } from "./pglite-server-thread";
import { RawEngine } from "./raw-engine";
import { StatementCounts } from "./statement-counts";

/**
 * PostgreSQL's shared buffers: 16 MB, not the 128 MB initdb writes to postgresql.conf. PGlite keeps them
 * in its WebAssembly memory, which never shrinks: 128 MB of cached pages held ~110 MB more resident
 * memory for a database of ~40 MB that the operating system's page cache holds anyway (issue 27).
 *
 * And generic plans for prepared statements: every statement is a named prepared one (pg-sql.ts), and
 * Postgres re-plans the first five runs of each and then any whose generic plan looks dearer, sizing
 * every table and index it touches with an lseek (an fstat through Emscripten's file system) each
 * time. The hot path's statements are key lookups and writes, where the generic plan is the plan:
 * the PGlite thread spent 4.0 ms per call instead of 4.8, and bench:analytics served 4,116 stats
 * requests a second instead of 3,681 (p99 123 ms against 135) in the same session (issue 27).
 */
const START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "plan_cache_mode=force_generic_plan"];

/** A simple-protocol ROLLBACK: `Q`, length, text, NUL. */
const ROLLBACK = new Uint8Array(Buffer.from("Q\0\0\0\rROLLBACK\0", "latin1"));

const sockets = new Set<Socket>();

/** Off unless PGLITE_STATEMENT_COUNTS names a file (statement-counts.ts). */
const statementCounts = process.env.PGLITE_STATEMENT_COUNTS ? new StatementCounts(process.env.PGLITE_STATEMENT_COUNTS) : undefined;

function serveConnection(pglite: PGlite, engine: RawEngine, socket: Socket): void {
  sockets.add(socket);
  socket.setNoDelay(true);
  let buffer: Buffer = Buffer.alloc(0);
  let started = false;
  socket.on("data", (chunk: Buffer) => {
    buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
    const afterStartup = started;
    let end = 0;
    for (;;) {
      const rest = buffer.length - end;
      // The startup message has no type byte: its length, then the protocol version.
      const length = started ? (rest >= 5 ? 1 + buffer.readInt32BE(end + 1) : 0) : rest >= 4 ? buffer.readInt32BE(end) : 0;
      if (length === 0 || rest < length) break;
      end += length;
      started = true;
    }
    if (end === 0) return;
    const batch = buffer.subarray(0, end);
    buffer = buffer.subarray(end);
    if (statementCounts && afterStartup) statementCounts.record(batch);
    try {
      const answer = engine.exec(new Uint8Array(batch.buffer, batch.byteOffset, batch.byteLength));
      if (answer.length > 0) socket.write(answer);
    } catch (error) {
      socket.destroy(error as Error);
    }
  });
  socket.on("close", () => {
    sockets.delete(socket);
    // A connection that goes away mid-transaction leaves none open for the next one.
    if (pglite.isInTransaction()) engine.exec(ROLLBACK);
  });
  socket.on("error", () => undefined);
}

async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("pglite-server-worker runs as a worker thread");
  const { dataPath, loadDataDir, socketPath, initOnly } = workerData as ServerThreadData;
  let pglite: PGlite;
  let server: Server;
  try {
    pglite = new PGlite({ dataDir: dataPath, loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined, startParams: START_PARAMS });
    await pglite.waitReady;
    if (initOnly) {
      await pglite.close();
      port.postMessage({ kind: "closed" } satisfies ServerThreadMessage);
      return;
    }
    const db = pglite;
    const engine = new RawEngine(pglite);
    server = createServer((socket) => serveConnection(db, engine, socket));
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(socketPath, resolve));
  } catch (error) {
    port.postMessage({ kind: "failed", error: String(error) } satisfies ServerThreadMessage);
    return;
  }
  port.postMessage({ kind: "ready" } satisfies ServerThreadMessage);
  port.on("message", (message: { kind: "close" }) => {
    if (message.kind !== "close") return;
    void (async () => {
      try {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await closed;
        await pglite.close();
        statementCounts?.close();
        port.postMessage({ kind: "closed" } satisfies ServerThreadMessage);
      } catch (error) {
        port.postMessage({ kind: "failed", error: String(error) } satisfies ServerThreadMessage);
      }
      port.close();
    })();
  });
}

void serve();
