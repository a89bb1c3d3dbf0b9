// What each thread of a running Rebound process holds (issue 27). The process must run with
// --inspect=127.0.0.1:<port>; every worker thread is reached through the main thread's inspector
// (NodeWorker domain). Prints the process's resident memory (/proc) and, per thread, its V8 heap
// (used / committed), external memory, array buffers and WebAssembly memories.
//
//   npx tsx --experimental-websocket bench/call-path/memory-breakdown.ts <inspector port> [pid]
import { readFileSync } from "node:fs";
import { residentMemory } from "./process-memory";

/** Node's WebSocket client (global from Node 22; on Node 20 behind --experimental-websocket), as used here. */
interface InspectorSocket {
  send(data: string): void;
  close(): void;
  addEventListener(type: "open" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: string }) => void): void;
}
type InspectorSocketClass = new (url: string) => InspectorSocket;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The expression each thread evaluates: its heap, external and wasm memory in bytes (JSON). */
const PROBE = `(() => {
  const v8 = process.binding ? require("v8") : undefined;
  const heap = v8 ? v8.getHeapStatistics() : {};
  const usage = process.memoryUsage();
  const spaces = v8 ? Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size])) : {};
  return JSON.stringify({ heapUsed: heap.used_heap_size, heapTotal: heap.total_heap_size, physical: heap.total_physical_size,
    malloced: heap.malloced_memory, external: usage.external, arrayBuffers: usage.arrayBuffers, spaces });
})()`;

class Session {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly workerReplies = new Map<string, Map<number, Pending>>();
  readonly workers: { sessionId: string; title: string; url: string }[] = [];

  constructor(private readonly socket: InspectorSocket) {
    socket.addEventListener("message", ({ data }) => {
      const message = JSON.parse(data) as { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: Record<string, unknown> };
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result);
      } else if (message.method === "NodeWorker.attachedToWorker") {
        const params = message.params as { sessionId: string; workerInfo: { title: string; url: string } };
        this.workers.push({ sessionId: params.sessionId, title: params.workerInfo.title, url: params.workerInfo.url });
      } else if (message.method === "NodeWorker.receivedMessageFromWorker") {
        const params = message.params as { sessionId: string; message: string };
        const inner = JSON.parse(params.message) as { id?: number; result?: unknown; error?: { message: string } };
        const waiting = inner.id === undefined ? undefined : this.workerReplies.get(params.sessionId)?.get(inner.id);
        if (waiting && inner.id !== undefined) {
          this.workerReplies.get(params.sessionId)?.delete(inner.id);
          if (inner.error) waiting.reject(new Error(inner.error.message));
          else waiting.resolve(inner.result);
        }
      }
    });
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** A command run inside a worker's own inspector session. */
  sendToWorker(sessionId: string, method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    let replies = this.workerReplies.get(sessionId);
    if (!replies) this.workerReplies.set(sessionId, (replies = new Map()));
    const waiting = new Promise<unknown>((resolve, reject) => replies.set(id, { resolve, reject }));
    void this.send("NodeWorker.sendMessageToWorker", { sessionId, message: JSON.stringify({ id, method, params }) });
    return waiting;
  }
}

type Send = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

async function probe(send: Send): Promise<Record<string, number | Record<string, number>>> {
  // Workers run with `require` only inside CommonJS modules: reach it through process.mainModule or module.
  const withRequire = `(() => { const require = globalThis.require ?? process.getBuiltinModule?.bind(process) ?? process.mainModule?.require; return ${PROBE}; })()`;
  const evaluated = (await send("Runtime.evaluate", { expression: withRequire, returnByValue: true, includeCommandLineAPI: true })) as {
    result: { value?: string; description?: string };
    exceptionDetails?: unknown;
  };
  const stats = evaluated.result.value ? (JSON.parse(evaluated.result.value) as Record<string, number>) : {};
  // Every WebAssembly.Memory of the thread (PGlite's engine is one).
  const prototype = (await send("Runtime.evaluate", { expression: "WebAssembly.Memory.prototype" })) as { result: { objectId: string } };
  const queried = (await send("Runtime.queryObjects", { prototypeObjectId: prototype.result.objectId })) as { objects: { objectId: string } };
  const sized = (await send("Runtime.callFunctionOn", {
    objectId: queried.objects.objectId,
    functionDeclaration: "function () { return this.reduce((sum, memory) => sum + memory.buffer.byteLength, 0); }",
    returnByValue: true,
  })) as { result: { value: number } };
  return { ...stats, wasm: sized.result.value };
}

/**
 * The process's mappings holding the most resident memory (/proc/<pid>/smaps): a wasm memory is the one
 * reserved at gigabytes with its used part resident; V8's heap pages and malloc's arenas are the many below it.
 */
function largestMappings(pid: number, count: number): string {
  const mappings: { name: string; size: number; rss: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) mappings.push({ name: header[1] || "anon", size: 0, rss: 0 });
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    const current = mappings[mappings.length - 1];
    if (field && current) current[field[1] === "Size" ? "size" : "rss"] = Number(field[2]) * 1024;
  }
  return mappings
    .sort((a, b) => b.rss - a.rss)
    .slice(0, count)
    .map((m) => `${mb(m.rss)} of ${mb(m.size)} ${m.name.split("/").pop()}`)
    .join(", ");
}

const mb = (bytes: number | undefined) => (bytes === undefined ? "?" : (bytes / 1024 / 1024).toFixed(1));

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const pid = process.argv[3] ? Number(process.argv[3]) : undefined;
  if (!port) throw new Error("usage: memory-breakdown.ts <inspector port> [pid]");
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const WebSocketClient = (globalThis as { WebSocket?: InspectorSocketClass }).WebSocket;
  if (!WebSocketClient) throw new Error("no WebSocket client: run with node --experimental-websocket (Node 20)");
  const socket = new WebSocketClient(targets[0]?.webSocketDebuggerUrl ?? "");
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", () => reject(new Error("cannot reach the inspector")));
  });
  const session = new Session(socket);
  await session.send("Runtime.enable");
  await session.send("NodeWorker.enable", { waitForDebuggerOnStart: false });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rows: [string, Record<string, number | Record<string, number>>][] = [["main", await probe((method, params) => session.send(method, params))]];
  for (const worker of session.workers) {
    const send: Send = (method, params) => session.sendToWorker(worker.sessionId, method, params);
    await send("Runtime.enable");
    rows.push([`${worker.title} ${worker.url.split("/").pop() ?? ""}`.slice(0, 31), await probe(send)]);
  }
  socket.close();
  if (pid) {
    const resident = residentMemory(pid);
    console.log(
      `process ${pid}: rss ${mb(resident.rss)} MB (anon ${mb(resident.anonymous)}, file ${mb(resident.file)}), threads ${readFileSync(`/proc/${pid}/status`, "utf8").match(/Threads:\s+(\d+)/)?.[1]}`,
    );
    console.log(`largest resident mappings (MB resident of size): ${largestMappings(pid, 10)}`);
  }
  console.log("thread                          heap used  heap committed  physical  malloced  external  arrayBuffers  wasm  (MB)  new space");
  for (const [name, stats] of rows) {
    const spaces = (stats.spaces ?? {}) as Record<string, number>;
    console.log(
      `${name.padEnd(32)}${mb(stats.heapUsed as number).padStart(9)}${mb(stats.heapTotal as number).padStart(16)}${mb(stats.physical as number).padStart(10)}` +
        `${mb(stats.malloced as number).padStart(10)}${mb(stats.external as number).padStart(10)}${mb(stats.arrayBuffers as number).padStart(14)}${mb(stats.wasm as number).padStart(6)}${mb(spaces.new_space).padStart(17)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
