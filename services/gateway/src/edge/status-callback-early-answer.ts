import type { IncomingMessage } from "node:http";
import { validateRequest } from "twilio/lib/webhooks/webhooks";
import {
  INTERNAL_USER_HEADER,
  isPlainFormWithin,
  parseForm,
  PRE_READ_BODY,
  readWholeBody,
  type EarlyAnswer,
  type Logger,
  type RateLimiter,
} from "@rebound/platform";
import { statusCallbackWithoutNews } from "../routing/route-table";
import type { TwilioKeyResolver } from "../webhook-signature/twilio-key-resolver";
import { SLOW_REQUEST_MS } from "./access-log";
import { TWILIO_FORM_LIMIT_BYTES } from "./body-parsers";

const STATUS_PATH = "/webhooks/twilio/status";

export interface StatusCallbackEarlyAnswerOptions {
  keys: TwilioKeyResolver;
  publicBaseUrl: string;
  /** The webhooks' flood limit (webhookIp), the same counter the express path consumes. */
  limiter: RateLimiter;
  /** The page headers the express path sets on every answer outside /api. */
  headers: [string, string][];
  logger: Logger;
}

/**
 * A signed SMS status callback that changes nothing (accepted, queued, sending, sent: two of a text's
 * three) answered 204 on node's server, with the checks the express path makes (the webhook limit,
 * the form, Twilio's signature) and its headers. Anything else (a status with news, a forged or
 * refused callback, a form formBody would object to, a query string) goes to the app, with the body
 * read here under PRE_READ_BODY: the app's answer is the one it gives without this. A callback the
 * limit allowed here and the signature refused is counted again there (a forger's flood is refused sooner).
 */
export function statusCallbackEarlyAnswer(options: StatusCallbackEarlyAnswerOptions): EarlyAnswer {
  const { keys, limiter, headers, logger } = options;
  const signedUrl = `${options.publicBaseUrl}${STATUS_PATH}`;
  const debug = logger.isLevelEnabled("debug");
  return {
    matches: (req) => req.method === "POST" && req.url === STATUS_PATH,
    async take(req, res, context) {
      const started = process.hrtime.bigint();
      const signature = req.headers["x-twilio-signature"];
      if (typeof signature !== "string" || req.headers[INTERNAL_USER_HEADER] !== undefined || !isPlainFormWithin(req.headers, TWILIO_FORM_LIMIT_BYTES)) {
        return context.toApp();
      }
      const body = await readWholeBody(req);
      (req as IncomingMessage & { [PRE_READ_BODY]?: Buffer })[PRE_READ_BODY] = body;
      const form = formOf(body);
      if (!form || !statusCallbackWithoutNews(form)) return context.toApp();
      const limit = await limiter.consume(context.clientIp()).catch(() => undefined);
      if (!limit?.allowed) return context.toApp();
      const accountSid = typeof form.AccountSid === "string" ? form.AccountSid : undefined;
      const token = await keys.tokenFor(accountSid).catch(() => undefined);
      if (token === undefined || !validateRequest(token, signature, signedUrl, form)) return context.toApp();
      for (const [name, value] of headers) res.setHeader(name, value);
      context.answerEmpty(204);
      // As the access log does: quiet at debug, at info when slow (a subaccount's key asked of telephony, say).
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { requestId: context.requestId, method: "POST", path: STATUS_PATH, status: 204, durationMs };
      if (durationMs >= SLOW_REQUEST_MS) logger.info(line, "request");
      else if (debug) logger.debug(line, "request");
    },
  };
}

/** The form, or undefined where formBody would refuse it (it then answers for itself). */
function formOf(body: Buffer): ReturnType<typeof parseForm> | undefined {
  try {
    return parseForm(body.toString("utf8"));
  } catch {
    return undefined;
  }
}
