import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Forward } from "./http-proxy";

/**
 * Standalone: a client's request runs the service's router on the full path (the gateway's own
 * routers are mounted under /api or /webhooks). One the service does not answer goes on, with its
 * mount path restored, to the app's JSON 404. No proxy timeout: the handler runs in this process.
 */
export function dispatchInProcess(service: RequestHandler): Forward {
  return (req: Request, res: Response, next: NextFunction) => {
    const { url, baseUrl } = req;
    req.url = req.originalUrl;
    req.baseUrl = "";
    void service(req, res, (error?: unknown) => {
      req.url = url;
      req.baseUrl = baseUrl;
      next(error);
    });
  };
}
