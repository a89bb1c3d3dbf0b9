import type { RequestHandler } from "express";
import type { Logger } from "@rebound/platform";

/** A quiet request slower than this is logged at info all the same. */
export const SLOW_REQUEST_MS = 1_000;

export interface AccessLogOptions {
  /**
   * Requests on these paths are logged at debug while they end under 400 and within SLOW_REQUEST_MS:
   * the provider's webhooks, five or so per missed call, which the request metrics count and time
   * anyway (a line each at info cost about a millisecond of CPU per call, issue 27). Refused,
   * failed and slow ones still get their line at info.
   */
  quiet?: (path: string) => boolean;
}

/**
 * One line per request with its request id (the platform sets x-request-id), status and duration.
 * The path is the full one the client asked for (not relative to a router's mount), without the query.
 */
export function accessLog(logger: Logger, options: AccessLogOptions = {}): RequestHandler {
  return (req, res, next) => {
    const path = req.originalUrl.split("?")[0] ?? "";
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const quiet = res.statusCode < 400 && durationMs < SLOW_REQUEST_MS && options.quiet?.(path) === true;
      if (quiet && !logger.isLevelEnabled("debug")) return;
      const line = { requestId: res.getHeader("x-request-id"), method: req.method, path, status: res.statusCode, durationMs };
      if (quiet) logger.debug(line, "request");
      else logger.info(line, "request");
    });
    next();
  };
}
