import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * Several middlewares as one router layer. Express's router matches the path and saves and
 * restores the request for every layer it visits, which for a cached read cost more than the
 * middlewares themselves did. A handler's error (thrown, rejected or passed to next) and
 * "route"/"router" go to the outer next.
 */
export function series(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => runFrom(handlers, 0, req, res, next);
}

// The next function is an argument, not a named constant: tsx (npm start) keeps function names,
// which costs a property definition for every named closure made per request.
function runFrom(handlers: RequestHandler[], index: number, req: Request, res: Response, next: NextFunction): void {
  const handler = handlers[index];
  if (!handler) return next();
  try {
    const result: unknown = handler(req, res, (error?: unknown) => (error ? next(error) : runFrom(handlers, index + 1, req, res, next)));
    if (result instanceof Promise) result.catch((rejection: unknown) => next(rejection ?? new Error("Rejected without a reason")));
  } catch (thrown) {
    next(thrown);
  }
}

/** Runs `handler` only for requests with a body (what body-parser checks first), so a GET skips it. */
export function whenBody(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (req.headers["transfer-encoding"] === undefined && req.headers["content-length"] === undefined) return next();
    return handler(req, res, next);
  };
}
