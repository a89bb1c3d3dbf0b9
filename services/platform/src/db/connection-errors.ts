/**
 * Errors that mean "the database (or Redis, or the Kafka cluster) is unreachable right now", as
 * opposed to a bug or bad data: a refused or reset socket, a server shutting down or
 * restarting, a connection terminated by the server, a pool that timed out connecting.
 * Jobs and consumers wait and retry these (with backoff) instead of failing for good.
 */
const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNABORTED"]);

/** PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections). */
const PG_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** Prisma's: can't reach the server, its timeout, server closed the connection, timed out waiting for a pooled connection. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

/** Error classes of kafkajs and node-redis that mean the broker or Redis is unreachable (the rest: bugs or bad data). */
const CLIENT_ERROR_NAMES = new Set([
  "KafkaJSConnectionError",
  "KafkaJSConnectionClosedError",
  "KafkaJSRequestTimeoutError",
  "KafkaJSBrokerNotFound",
  "KafkaJSLockTimeout",
  "ClientClosedError",
  "ClientOfflineError",
  "ConnectionTimeoutError",
  "SocketClosedUnexpectedlyError",
  "SocketTimeoutError",
]);

const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

const MESSAGES = [
  "connection terminated",
  "terminating connection",
  "the database system is",
  "timeout exceeded when trying to connect",
  "connection timeout",
  "client has encountered a connection error",
  "cannot use a pool after calling end",
  "can't reach database server",
  "server closed the connection unexpectedly",
  "socket closed unexpectedly",
  "the client is closed",
];

export function isConnectionError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, message, cause, errors, kind, meta } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    kind?: unknown;
    meta?: unknown;
  };
  if (typeof code === "string" && (NODE_CODES.has(code) || PG_CODES.has(code) || PRISMA_CODES.has(code) || code.startsWith("08"))) return true;
  // Prisma's driver-adapter errors carry their kind (e.g. DatabaseNotReachable), under `cause` or `meta.driverAdapterError`.
  if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
  const name = (error as { name?: unknown }).name;
  if (typeof name === "string" && CLIENT_ERROR_NAMES.has(name)) return true;
  const adapterError = (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
  if (adapterError && isConnectionError(adapterError, depth + 1)) return true;
  if (typeof message === "string") {
    const lower = message.toLowerCase();
    if (MESSAGES.some((text) => lower.includes(text))) return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return isConnectionError(cause, depth + 1);
}
