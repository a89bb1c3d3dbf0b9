import type { Response } from "express";

/** The request id createHttpApp gave this request (its x-request-id answer header): for log lines and the services called next. */
export const requestIdOf = (res: Response): string | undefined => String(res.getHeader("x-request-id") ?? "") || undefined;
