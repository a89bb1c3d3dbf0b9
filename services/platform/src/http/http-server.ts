import type { Express } from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RunningServer {
  port: number;
  url: string;
  server: Server;
  /** Stops accepting, lets in-flight requests finish (up to the grace period), closes idle keep-alives. */
  close(graceMs?: number): Promise<void>;
}

export async function startHttpServer(app: Express, port: number, host = "0.0.0.0"): Promise<RunningServer> {
  const server = createServer(app);
  // Longer than a load balancer's idle timeout, so it never reuses a socket we closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}`,
    server,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
