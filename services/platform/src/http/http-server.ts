import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RunningServer {
  port: number;
  url: string;
  server: Server;
  /** Stops accepting, lets in-flight requests finish (up to the grace period), closes idle keep-alives. */
  close(graceMs?: number): Promise<void>;
}

/** How long a client may take to send a request (platform config: HTTP_*_TIMEOUT_MS). */
export interface HttpTimeouts {
  /** Until the request's headers are complete; 408 after. */
  headersTimeoutMs: number;
  /** Until the whole request (headers and body) has arrived; 408 after. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 65_000 };

/**
 * An HTTP server that does not hold a slow or stalled client (a body shorter than its
 * Content-Length, headers that never end) for node's default 300 s. Node only checks the
 * timeouts every `connectionsCheckingInterval` (default 30 s); here every half headers
 * timeout (at most 5 s), so each timeout is honoured within that of its expiry.
 */
export function createHttpServer(app: RequestListener, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): Server {
  const requestTimeout = timeouts.requestTimeoutMs;
  // node refuses a headers timeout longer than the request timeout
  const headersTimeout = Math.min(timeouts.headersTimeoutMs, requestTimeout);
  const connectionsCheckingInterval = Math.max(100, Math.min(5_000, Math.floor(headersTimeout / 2)));
  return createServer({ requestTimeout, headersTimeout, connectionsCheckingInterval, keepAliveTimeout: timeouts.keepAliveTimeoutMs }, app);
}

export async function startHttpServer(
  app: RequestListener,
  port: number,
  host = "0.0.0.0",
  timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS,
): Promise<RunningServer> {
  const server = createHttpServer(app, timeouts);
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
