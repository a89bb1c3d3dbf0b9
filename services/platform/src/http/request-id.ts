import { randomUUID } from "node:crypto";
import type { Response } from "express";

/** The request id createHttpApp gave this request (its x-request-id answer header): for log lines and the services called next. */
export const requestIdOf = (res: Response): string | undefined => String(res.getHeader("x-request-id") ?? "") || undefined;

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A request's id: the x-request-id it came with when well-formed (a proxy's or a caller's), else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
