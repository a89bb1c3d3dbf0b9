import { trace } from "@opentelemetry/api";
import pino from "pino";
import { currentRequestContext } from "./request-context";

export type Logger = pino.Logger;

/** JSON logs; with tracing on, every line carries the request id and trace id of the work it belongs to (request-context.ts). */
export function createLogger(options: { name: string; level?: string }): Logger {
  return pino({
    name: options.name,
    level: options.level ?? process.env.LOG_LEVEL ?? "info",
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["password", "*.password", "passwordHash", "*.passwordHash", "token", "*.token", "req.headers.cookie"],
      remove: true,
    },
    mixin() {
      const fields: Record<string, string> = {};
      const requestId = currentRequestContext()?.requestId;
      if (requestId) fields.requestId = requestId;
      const spanContext = trace.getActiveSpan()?.spanContext();
      if (spanContext && spanContext.traceId !== "00000000000000000000000000000000") fields.traceId = spanContext.traceId;
      return fields;
    },
  });
}

/** A logger that writes nothing, for tests. */
export function createSilentLogger(): Logger {
  return pino({ level: "silent" });
}
