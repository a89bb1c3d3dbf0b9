import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { PassThrough } from "node:stream";
import { errorMiddleware, notFoundHandler, type Logger } from "@rebound/platform";
import type { Forward } from "./http-proxy";
import type { InternalReply, InternalTransport } from "./upstream";

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

/**
 * Standalone: the gateway's own call to a service's internal API, as a request handed to the
 * service's router in this process (the same router its public routes reach), with the headers
 * and body the HTTP call carries in distributed mode. Errors get the platform's `{message, code}`,
 * as the service's app answers them over HTTP.
 */
export function createInProcessTransport(service: RequestHandler, logger: Logger): InternalTransport {
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.use(service);
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return (request) =>
    new Promise<InternalReply>((resolve, reject) => {
      const body = Buffer.from(request.body);
      // A readable stand-in for the connection, so body parsers read the request (on-finished checks socket.readable).
      const socket = new PassThrough();
      Object.defineProperty(socket, "remoteAddress", { value: "127.0.0.1" });
      const req = new IncomingMessage(socket as unknown as Socket);
      req.method = "POST";
      req.url = request.path;
      req.headers = { ...lowerCased(request.headers), host: "in-process", "content-length": String(body.length) };
      req.push(body);
      req.push(null);
      const timer = setTimeout(() => reject(new Error(`in-process call timed out after ${request.timeoutMs} ms`)), request.timeoutMs);
      timer.unref();
      const res = captureResponse(new ServerResponse(req), (reply) => {
        clearTimeout(timer);
        socket.destroy();
        resolve(reply);
      });
      app(req, res);
    });
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

type Callback = (error?: Error | null) => void;

/** Collects what the handler writes; `done` gets the status and the body once it ends. */
function captureResponse(res: ServerResponse, done: (reply: InternalReply) => void): ServerResponse {
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown): void => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
  };
  const callbackOf = (...args: unknown[]): Callback | undefined => args.find((arg): arg is Callback => typeof arg === "function");
  let ended = false;
  // Own properties: express swaps the response's prototype for its own when the app handles it.
  Object.assign(res, {
    write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
      collect(chunk, encoding);
      callbackOf(encoding, callback)?.();
      return true;
    },
    end(chunk?: unknown, encoding?: unknown, callback?: unknown): ServerResponse {
      if (ended) return res;
      ended = true;
      collect(chunk, encoding);
      done({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") });
      res.emit("finish");
      callbackOf(chunk, encoding, callback)?.();
      return res;
    },
  });
  return res;
}
