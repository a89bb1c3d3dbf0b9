import type { RequestHandler } from "express";
import { AppError } from "@rebound/platform";

export const INVALID_PATH_MESSAGE = "Invalid request path";

// No route has a control character in it; a NUL passed on as a path parameter reached the database (a 500).
const CONTROL = /[\u0000-\u001F\u007F]/;

/** Whether the path's percent-encoding decodes (to UTF-8) and names no control character. */
export function isValidPath(path: string): boolean {
  try {
    return !CONTROL.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/** 400 for a path with a control character (%00 ...) or broken percent-encoding, before any service sees it. */
export const pathCheck: RequestHandler = (req, _res, next) => {
  next(isValidPath(req.path) ? undefined : new AppError("BAD_REQUEST", INVALID_PATH_MESSAGE));
};
