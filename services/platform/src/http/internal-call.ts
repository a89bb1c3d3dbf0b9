import express, { type RequestHandler } from "express";
import { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { PassThrough } from "node:stream";
import { AppError, ERROR_STATUS, type ErrorCode, type FieldError } from "../errors/app-error";
import type { Logger } from "../logging/logger";
import { errorMiddleware, notFoundHandler } from "./error-middleware";
import { INTERNAL_USER_HEADER, signInternalUser, type InternalUser } from "./internal-auth";
import { postText } from "./post-text";

/**
 * How one service reaches another: its base URL (distributed mode, over HTTP) or its router in this
 * process (standalone). The composition root decides, once, by what it passes.
 */
export type Upstream = string | RequestHandler;

/** One POST to a service's internal API, headers already signed. */
export interface InternalRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** The service's answer: its status and body text. */
export interface InternalReply {
  status: number;
  text: string;
}

/** Sends an internal request; rejects when the service cannot be reached or does not answer in time. */
export type InternalTransport = (request: InternalRequest) => Promise<InternalReply>;

/** The transport to an upstream: HTTP to its URL, or its router in this process. */
export function internalTransport(upstream: Upstream, logger: Logger): InternalTransport {
  return typeof upstream === "string" ? createHttpTransport(upstream) : createInProcessTransport(upstream, logger);
}

/** Distributed: a call to a service's internal API over HTTP, on keep-alive connections (postText). */
export function createHttpTransport(baseUrl: string): InternalTransport {
  return (request) => postText(`${baseUrl}${request.path}`, { headers: request.headers, body: request.body, timeoutMs: request.timeoutMs });
}

/**
 * Standalone: a call to a service's internal API, as a request handed to the service's router in
 * this process (the same router its public routes reach), with the headers and body the HTTP call
 * carries in distributed mode. Errors get the platform's `{message, code}`, as the service's app
 * answers them over HTTP.
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

export interface InternalAnswer {
  ok: boolean;
  status: number;
  /** The JSON body, or {} when there was none. */
  payload: Record<string, unknown>;
}

export interface PostInternalOptions {
  /** Who calls (GATEWAY_PRINCIPAL, BILLING_PRINCIPAL): the internal route checks it is on its allow-list. */
  caller: Readonly<InternalUser>;
  secret: string;
  requestId?: string;
  timeoutMs: number;
  /** The 503's message when the service cannot be reached. */
  unavailableMessage: string;
}

/**
 * POSTs JSON to a service's internal API as `caller` (the signed internal header), passing the
 * request id on, through the service's transport: the same headers and body in process
 * (standalone) and over HTTP (distributed). No transport, unreachable or timed out: 503 UNAVAILABLE.
 */
export async function postInternal(send: InternalTransport | undefined, path: string, body: unknown, options: PostInternalOptions): Promise<InternalAnswer> {
  if (!send) throw new AppError("UNAVAILABLE", options.unavailableMessage);
  let reply;
  try {
    reply = await send({
      path,
      headers: {
        "content-type": "application/json",
        [INTERNAL_USER_HEADER]: signInternalUser(options.caller, options.secret),
        ...(options.requestId ? { "x-request-id": options.requestId } : {}),
      },
      body: JSON.stringify(body ?? {}),
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    throw new AppError("UNAVAILABLE", options.unavailableMessage, { cause: error });
  }
  const ok = reply.status >= 200 && reply.status < 300;
  return { ok, status: reply.status, payload: parseObject(reply.text) };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The service's own error code when it is one of ours and matches the status of a client error (so the caller's client sees the service's answer). */
export function clientErrorCode({ status, payload }: InternalAnswer): ErrorCode | undefined {
  const code = typeof payload.code === "string" && payload.code in ERROR_STATUS ? (payload.code as ErrorCode) : undefined;
  return code && ERROR_STATUS[code] === status && status < 500 ? code : undefined;
}

/**
 * The service's `{message, code, errors}` client error as the same AppError here, so the client
 * sees the service's answer; undefined when the answer is not one (a 5xx, or not ours).
 */
export function clientErrorOf(answer: InternalAnswer): AppError | undefined {
  const code = clientErrorCode(answer);
  if (!code) return undefined;
  const { payload } = answer;
  const message = typeof payload.message === "string" ? payload.message : "Something went wrong. Please try again.";
  const fields = Array.isArray(payload.errors) ? (payload.errors as FieldError[]) : undefined;
  return new AppError(code, message, { fields });
}
