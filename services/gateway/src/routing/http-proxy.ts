import type { NextFunction, Request, Response } from "express";
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { AppError, requestIdOf, type Logger } from "@rebound/platform";
import { rawBodyOf } from "../edge/body-parsers";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
]);

/** Forwards one request; `timeoutMs` is how long the upstream may take to answer. */
export type Forward = (req: Request, res: Response, next: NextFunction, timeoutMs: number) => void;

/** A server-sent events request (the browser's EventSource asks with this Accept). */
const isEventStream = (req: Request) => /\btext\/event-stream\b/i.test(req.headers.accept ?? "");

/**
 * A small reverse proxy on node:http with keep-alive agents. The gateway has often
 * parsed the body already (to verify a Twilio signature, to read a login), so it
 * forwards the exact bytes it received, else streams the request through. Answers are
 * piped as they come (server-sent events included: their headers are sent at once);
 * a client that goes away before the answer ends closes the upstream request too.
 */
export function createHttpProxy(baseUrl: string, logger: Logger): Forward {
  const target = new URL(baseUrl);
  const secure = target.protocol === "https:";
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: 256 }) : new HttpAgent({ keepAlive: true, maxSockets: 256 });
  // Event streams stay open as long as a page does: outside the pool, so they never queue other requests.
  const streamAgent = secure ? new HttpsAgent({ keepAlive: false }) : new HttpAgent({ keepAlive: false });
  const send = secure ? httpsRequest : httpRequest;

  return (req, res, next, timeoutMs) => {
    const raw = rawBodyOf(req);
    const headers = forwardedHeaders(req, res);
    if (raw) headers["content-length"] = String(raw.length);
    else if (req.headers["content-length"]) headers["content-length"] = req.headers["content-length"];
    else if (req.headers["transfer-encoding"]) headers["transfer-encoding"] = req.headers["transfer-encoding"];

    const upstream = send(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        headers,
        agent: isEventStream(req) ? streamAgent : agent,
        timeout: timeoutMs,
      },
      (response) => {
        res.status(response.statusCode ?? 502);
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name) && name !== "x-request-id") res.setHeader(name, value);
        }
        if (/^text\/event-stream\b/i.test(String(response.headers["content-type"] ?? ""))) res.flushHeaders();
        response.pipe(res);
      },
    );
    // The client went away before the answer ended (a closed page's event stream): so does the upstream request.
    let clientGone = false;
    res.on("close", () => {
      if (res.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
    upstream.on("timeout", () => upstream.destroy(new Error(`upstream timeout after ${timeoutMs} ms`)));
    upstream.on("error", (error) => {
      if (clientGone) return; // nobody to answer, and nothing failed upstream
      logger.warn({ err: error, requestId: requestIdOf(res), upstream: baseUrl, path: req.originalUrl.split("?")[0] }, "upstream request failed");
      if (!res.headersSent) next(new AppError("UPSTREAM_FAILED", "Service temporarily unavailable. Please try again."));
      else res.destroy();
    });
    if (raw) upstream.end(raw);
    else if (req.readableEnded) upstream.end();
    else req.pipe(upstream);
  };
}

function forwardedHeaders(req: Request, res: Response): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers as IncomingHttpHeaders)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const forwardedFor = req.headers["x-forwarded-for"];
  headers["x-forwarded-for"] = [forwardedFor, req.socket.remoteAddress].filter(Boolean).join(", ");
  headers["x-forwarded-proto"] = req.protocol;
  headers["x-forwarded-host"] = req.headers.host ?? "";
  headers["x-request-id"] = String(res.getHeader("x-request-id") ?? "");
  return headers;
}
