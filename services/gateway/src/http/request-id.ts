import type { Response } from "express";

/** The request id the access log gave this request, passed on to the services the gateway calls. */
export const requestIdOf = (res: Response): string | undefined => String(res.getHeader("x-request-id") ?? "") || undefined;
