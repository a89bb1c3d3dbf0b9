// `npm start` runs the carrier simulator in a worker thread: measured at 40 calls/s, the
// simulator signing and posting three status callbacks per text and journaling them on the
// product's event loop cost 30-60% more main-thread CPU per call than the Twilio adapter. This
// process reaches it through the RPC client distributed mode uses (RemoteSimulatorProvider), on a
// MessagePort instead of HTTP (simulator-thread-rpc.ts), and forwards the dev routes
// (/dev/simulator/*) to the thread's loopback port.
import { extname, join } from "node:path";
import { MessageChannel, Worker } from "node:worker_threads";
import { Router } from "express";
import { jsonBody } from "@rebound/platform";
import type { TelephonyProviderConfig } from "./create-telephony-provider";
import { RemoteSimulatorProvider } from "./remote-simulator";
import { simulatorPortTransport } from "./simulator-thread-rpc";
import type { SimulatorThreadData } from "./simulator-thread-worker";

export interface SimulatorThread {
  provider: RemoteSimulatorProvider;
  /** /dev/simulator/*, forwarded to the thread. */
  devRouter: Router;
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

/**
 * The simulator's objects live for one request or one callback; its young generation grew to V8's
 * default (three semi-spaces of 16 MB) under load and stayed resident, for nothing (issue 27).
 */
const SIMULATOR_THREAD_LIMITS = { maxYoungGenerationSizeMb: 16 };

export async function startSimulatorThread(config: TelephonyProviderConfig, logLevel: SimulatorThreadData["logLevel"]): Promise<SimulatorThread> {
  const rpc = new MessageChannel();
  const data: SimulatorThreadData = { config, logLevel, rpcPort: rpc.port2 };
  const worker = new Worker(join(__dirname, `simulator-thread-worker${extname(__filename)}`), {
    workerData: data,
    transferList: [rpc.port2],
    execArgv: extname(__filename) === ".ts" ? ["--require", require.resolve("tsx/cjs")] : [],
    resourceLimits: SIMULATOR_THREAD_LIMITS,
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the carrier simulator thread did not start")), START_TIMEOUT_MS);
    worker.once("message", (message: { port?: number; error?: string }) => {
      clearTimeout(timer);
      if (message.port) resolve(message.port);
      else reject(new Error(`the carrier simulator thread failed: ${message.error}`));
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  }).catch(async (error: unknown) => {
    rpc.port1.close();
    await worker.terminate();
    throw error;
  });
  const url = `http://127.0.0.1:${port}`;
  const rpcClient = simulatorPortTransport(rpc.port1);
  return {
    provider: new RemoteSimulatorProvider({ transport: rpcClient.transport, where: "thread" }),
    devRouter: forwardDevRoutes(url),
    close: async () => {
      rpcClient.close();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        worker.once("message", () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage("close");
      });
      await worker.terminate();
    },
  };
}

/**
 * The simulator's dev routes, answered by the thread: JSON in, its status and body out. The
 * platform's body parser bounds nesting (a 400), since re-serialising a 10,000-deep body overflows the stack.
 */
function forwardDevRoutes(url: string): Router {
  const router = Router();
  router.use("/dev/simulator", ...jsonBody(), async (req, res, next) => {
    try {
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const answer = await fetch(`${url}${req.originalUrl}`, {
        method: req.method,
        headers: hasBody ? { "content-type": "application/json" } : {},
        body: hasBody ? JSON.stringify(req.body ?? {}) : undefined,
      });
      res.status(answer.status);
      const type = answer.headers.get("content-type");
      if (type) res.type(type);
      res.send(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
