// The PGlite thread's entry point: the WASM Postgres engine runs here, so its CPU time
// (most of a query's cost) is off the main thread's event loop. Requests arrive one at
// a time in order (the main thread holds PGlite's locks) and are answered synchronously.
import { PGlite, messages as pg, protocol } from "@electric-sql/pglite";
import { parentPort, workerData } from "node:worker_threads";
import { backendMessages, concatBytes } from "./protocol-bytes";
import type { ThreadData, ThreadReply, ThreadRequest, ThreadStarted } from "./thread-messages";

const serialize = protocol.serialize;
const SYNC = serialize.sync();

function runExtended(pglite: PGlite, request: Extract<ThreadRequest, { kind: "extended" }>): Uint8Array {
  const described = pglite.execProtocolRawSync(
    concatBytes(serialize.parse({ text: request.text, types: request.paramTypes }), serialize.describe({ type: "S" }), serialize.flush()),
  );
  const { messages, error } = backendMessages(described);
  if (error) return concatBytes(described, pglite.execProtocolRawSync(SYNC));
  const dataTypeIDs = messages.find((message) => message instanceof pg.ParameterDescriptionMessage)?.dataTypeIDs ?? [];
  let values: (string | null)[];
  try {
    // As PGlite's own query() does: the serialiser of the type the backend described, else toString.
    values = request.params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = pglite.serializers[dataTypeIDs[index] as number];
      return serializer ? serializer(param) : String(param);
    });
  } catch (serializeError) {
    pglite.execProtocolRawSync(SYNC);
    throw serializeError;
  }
  const executed = pglite.execProtocolRawSync(
    concatBytes(serialize.bind({ values }), serialize.describe({ type: "P" }), serialize.execute({}), SYNC),
  );
  return concatBytes(described, executed);
}

function run(pglite: PGlite, request: Exclude<ThreadRequest, { kind: "close" }>): Uint8Array {
  switch (request.kind) {
    case "protocol":
      return pglite.execProtocolRawSync(request.message);
    case "simple":
      return pglite.execProtocolRawSync(concatBytes(serialize.query(request.text), SYNC));
    case "extended":
      return runExtended(pglite, request);
  }
}

async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("pglite-worker runs as a worker thread");
  const { dataPath } = workerData as ThreadData;
  let pglite: PGlite;
  try {
    pglite = dataPath ? new PGlite(dataPath) : new PGlite();
    await pglite.waitReady;
  } catch (error) {
    port.postMessage({ kind: "failed", error: String(error) } satisfies ThreadStarted);
    return;
  }
  port.postMessage({ kind: "ready" } satisfies ThreadStarted);
  port.on("message", (request: ThreadRequest) => {
    if (request.kind === "close") {
      void pglite.close().then(
        () => {
          port.postMessage({ id: request.id, data: new Uint8Array(0) } satisfies ThreadReply);
          port.close();
        },
        (error: unknown) => port.postMessage({ id: request.id, error: String(error) } satisfies ThreadReply),
      );
      return;
    }
    try {
      const data = run(pglite, request);
      port.postMessage({ id: request.id, data } satisfies ThreadReply, [data.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies ThreadReply);
    }
  });
}

void serve();
