// The carrier simulator in its own thread (simulator-thread.ts starts it): the provider RPC on a
// MessagePort and the dev routes on a loopback port, so signing and posting its webhooks and
// writing its journal run off the product's event loop.
import type { Server } from "node:http";
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import express from "express";
import { createHttpServer, createLogger, errorMiddleware, notFoundHandler, type Logger } from "@rebound/platform";
import { CarrierSimulator } from "./carrier-simulator";
import { createTelephonyProvider, type TelephonyProviderConfig } from "./create-telephony-provider";
import { createSimulatorRouter } from "./simulator-router";
import { serveSimulatorRpc } from "./simulator-thread-rpc";

export interface SimulatorThreadData {
  config: TelephonyProviderConfig;
  logLevel: Parameters<typeof createLogger>[0]["level"];
  /** The product's provider calls arrive here (simulator-thread-rpc.ts). */
  rpcPort: MessagePort;
}

async function run(port: NonNullable<typeof parentPort>, data: SimulatorThreadData): Promise<void> {
  const logger: Logger = createLogger({ name: "carrier-simulator", level: data.logLevel });
  const provider = createTelephonyProvider(data.config, { logger });
  if (!(provider instanceof CarrierSimulator)) throw new Error("the simulator thread was started with a provider that is not the simulator");
  serveSimulatorRpc(data.rpcPort, provider);
  const app = express();
  const dev = createSimulatorRouter(provider, { nodeEnv: data.config.NODE_ENV });
  if (dev) app.use(dev);
  // The same answers as the in-process routes: 404 and the platform's error JSON.
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  const server: Server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  port.postMessage({ port: typeof address === "object" && address ? address.port : 0 });
  port.on("message", (message: unknown) => {
    if (message !== "close") return;
    void (async () => {
      await new Promise((resolve) => server.close(resolve));
      data.rpcPort.close();
      await provider.close?.();
      port.postMessage("closed");
    })();
  });
}

if (parentPort) {
  run(parentPort, workerData as SimulatorThreadData).catch((error: unknown) => {
    parentPort?.postMessage({ error: (error as Error).message ?? String(error) });
  });
}
