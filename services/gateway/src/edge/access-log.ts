import type { RequestHandler } from "express";
import type { Logger } from "@rebound/platform";

/**
 * One line per request with its request id (the platform sets x-request-id), status and duration.
 * The path is the full one the client asked for (not relative to a router's mount), without the query.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const path = req.originalUrl.split("?")[0];
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      logger.info(
        {
          requestId: res.getHeader("x-request-id"),
          method: req.method,
          path,
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        },
        "request",
      );
    });
    next();
  };
}
