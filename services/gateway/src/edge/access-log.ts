import type { RequestHandler } from "express";
import type { Logger } from "@rebound/platform";

/** One line per request with its request id (the platform sets x-request-id), status and duration. */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      logger.info(
        {
          requestId: res.getHeader("x-request-id"),
          method: req.method,
          path: req.path,
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        },
        "request",
      );
    });
    next();
  };
}
