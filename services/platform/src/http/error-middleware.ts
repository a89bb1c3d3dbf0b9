import type { ErrorRequestHandler, RequestHandler } from "express";
import { randomUUID } from "node:crypto";
import { ZodError } from "zod";
import { AppError } from "../errors/app-error";
import type { Logger } from "../logging/logger";
import { requestIdOf } from "./request-id";
import { fieldErrorsFromZod } from "./validate";

/** JSON 404 for an unknown path under this router. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: "Not found", code: "NOT_FOUND" });
};

/**
 * Turns every error into `{message, code}`. AppErrors keep their status and message;
 * anything else is a bug: logged with an errorId that the client sees, never the details.
 */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(error.retryAfterSeconds));
      res.status(error.httpStatus).json({ message: error.message, code: error.code, ...(error.fields ? { errors: error.fields } : {}) });
      return;
    }
    if (error instanceof ZodError) {
      const fields = fieldErrorsFromZod(error);
      res.status(400).json({ message: fields[0]?.message ?? "Invalid request", code: "VALIDATION_FAILED", errors: fields });
      return;
    }
    const status = httpStatusOf(error);
    if (status && status < 500 && error instanceof URIError) {
      // the router could not decode a path parameter: the URL is wrong, not the body
      res.status(400).json({ message: "Malformed URL: invalid percent-encoding in the path", code: "BAD_REQUEST" });
      return;
    }
    if (status && status < 500) {
      // body-parser errors: malformed JSON (400), too large (413), wrong charset (415)
      res
        .status(status)
        .json({ message: status === 413 ? "Request body too large" : "Malformed request body", code: status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST" });
      return;
    }
    const errorId = randomUUID();
    logger.error({ err: error, errorId, requestId: requestIdOf(res) }, "unhandled error");
    res.status(500).json({ message: "Something went wrong. Please try again.", code: "INTERNAL", errorId });
  };
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error === "object" && error !== null && "status" in error && typeof error.status === "number") return error.status;
  return undefined;
}
