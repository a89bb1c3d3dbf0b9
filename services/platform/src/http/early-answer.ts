// Requests a service answers on node's http server before express sees them (issue 27): only where
// a request is frequent, its answer is empty and every check it needs is cheap without express. A
// Twilio status callback that changes nothing (two of a text's three) is the one today: through
// express it cost about 250 us more than the same checks on node's request (docs/decisions.md).
//
// An early answer either answers (answerEmpty) or hands the request to the app (toApp) with what it
// read: a body it read is left under PRE_READ_BODY, where formBody parses it as if it had read it, so
// the app's answer (a refusal, a forward) is the one it would have given without the early answer.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Express } from "express";
import proxyAddr from "proxy-addr";
import type { Logger } from "../logging/logger";
import { runWithRequestContext } from "../logging/request-context";
import { httpRequestDuration } from "./metrics";
import { requestIdFor } from "./request-id";

export interface EarlyAnswerContext {
  /** The request's id: its x-request-id when well-formed, else a new one (the app keeps the same). */
  readonly requestId: string;
  /** The client's address as express's req.ip gives it (the app's "trust proxy" setting). */
  clientIp(): string;
  /** Answers with no body, the request id header and the request metric as the app gives them. */
  answerEmpty(status: number): void;
  /** Hands the request to the app, with what the early answer left on it (PRE_READ_BODY). */
  toApp(): void;
}

export interface EarlyAnswer {
  /** A cheap test of the method and the raw URL: only these requests are offered to `take`. */
  matches(req: IncomingMessage): boolean;
  /** Answers the request or hands it to the app, once; a rejection after reading the body is a 400. */
  take(req: IncomingMessage, res: ServerResponse, context: EarlyAnswerContext): Promise<void>;
}

/**
 * The app behind the early answers: a request none of them matches goes straight to the app. The
 * metric's route label is "unmatched", as for the same requests through the gateway's plain functions.
 */
export function withEarlyAnswers(app: Express, answers: EarlyAnswer[], logger: Logger): RequestListener {
  if (answers.length === 0) return app;
  const trust = app.get("trust proxy fn") as Parameters<typeof proxyAddr>[1];
  return (req, res) => {
    const answer = answers.find((candidate) => candidate.matches(req));
    if (!answer) return app(req, res);
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(req.headers["x-request-id"]);
    let settled = false;
    const context: EarlyAnswerContext = {
      requestId,
      clientIp: () => proxyAddr(req, trust),
      answerEmpty: (status) => {
        if (settled) return;
        settled = true;
        res.statusCode = status;
        res.setHeader("x-request-id", requestId);
        res.end();
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        httpRequestDuration.observe({ method: req.method ?? "", route: "unmatched", status: String(status) }, seconds);
      },
      toApp: () => {
        if (settled) return;
        settled = true;
        // The app gives the request the same id (it keeps a well-formed x-request-id).
        req.headers["x-request-id"] = requestId;
        app(req, res);
      },
    };
    runWithRequestContext({ requestId }, () => {
      answer.take(req, res, context).catch((error: unknown) => {
        // A take that fails before it answered or handed on (the client went away while its body was read,
        // say): what it read is gone, so the app cannot answer instead.
        logger.debug({ err: error, requestId }, "early answer: the request could not be read");
        context.answerEmpty(400);
      });
    });
  };
}
