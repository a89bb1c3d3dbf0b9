// Carrier webhooks' form bodies (application/x-www-form-urlencoded), read and parsed here rather than by
// express.urlencoded: body-parser 2 reads every body through raw-body, iconv-lite and type-is and parses
// forms with qs whatever `extended` says. Measured on a 2-core machine (docs/decisions.md, issue 27): a
// 200-byte Twilio status callback answered 204 cost 0.64-0.66 ms of server CPU in express with this parser
// against 0.76-0.83 with express.urlencoded; a missed call passes six such webhooks through the gateway and
// the services in distributed mode.
//
// The contract is body-parser's for Twilio's flat forms: a key given twice becomes an array of its values
// (as qs makes it), a body over the limit or with more than PARAMETER_LIMIT fields is a 413, a charset other
// than UTF-8 or a compressed body is a 415 (Twilio sends neither), a body cut short is a 400. Another content
// type is left unread (req.body stays unset), as body-parser leaves it.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/** body-parser's default limits: 100 kB and 1,000 fields. */
const DEFAULT_LIMIT_BYTES = 100 * 1024;
export const PARAMETER_LIMIT = 1_000;

export interface FormBodyOptions {
  /** Size limit in bytes (413 beyond it). */
  limitBytes?: number;
  /** Sees the bytes before they are parsed (the gateway keeps them to forward them as received). */
  verify?: (req: IncomingMessage, res: ServerResponse, buffer: Buffer) => void;
}

export type FormValue = string | string[];

/** An error express's error middleware answers with its status (as it does body-parser's). */
class BodyError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const isForm = (contentType: string): boolean => contentType.split(";", 1)[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";

function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match?.[1]?.toLowerCase();
}

/** A form's fields; repeated keys keep every value in order. A field named __proto__ is an own field, never the prototype. */
export function parseForm(text: string): Record<string, FormValue> {
  const form: Record<string, FormValue> = {};
  let count = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (++count > PARAMETER_LIMIT) throw new BodyError(413, "parameters.too.many", "too many parameters");
    const seen = Object.prototype.hasOwnProperty.call(form, key) ? form[key] : undefined;
    const next = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    if (key === "__proto__") Object.defineProperty(form, key, { value: next, enumerable: true, writable: true, configurable: true });
    else form[key] = next;
  }
  return form;
}

/**
 * Where an early answer (early-answer.ts) leaves a body it read before handing the request to the app:
 * formBody takes these bytes as the body, with every check it makes of bytes it reads itself.
 */
export const PRE_READ_BODY = Symbol("rebound.preReadBody");

type WithPreReadBody = { [PRE_READ_BODY]?: Buffer };

/**
 * A body formBody reads without objection: a UTF-8 urlencoded form, not compressed, with a Content-Length
 * within `limitBytes` (what an early answer may read whole and still hand on).
 */
export function isPlainFormWithin(headers: IncomingHttpHeaders, limitBytes: number): boolean {
  const contentType = headers["content-type"];
  const length = headers["content-length"];
  if (!contentType || !isForm(contentType) || length === undefined || headers["transfer-encoding"] !== undefined) return false;
  const charset = charsetOf(contentType);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") return false;
  if (headers["content-encoding"] !== undefined && headers["content-encoding"].toLowerCase() !== "identity") return false;
  return Number(length) <= limitBytes;
}

/** The whole body of a request (node ends it at its Content-Length); rejects when the client goes away first. */
export function readWholeBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Parses an urlencoded body into req.body; other requests pass through untouched. */
export function formBody(options: FormBodyOptions = {}): RequestHandler {
  const limit = options.limitBytes ?? DEFAULT_LIMIT_BYTES;
  return (req, res, next) => {
    const contentType = req.headers["content-type"];
    const declaredLength = req.headers["content-length"];
    const hasBody = req.headers["transfer-encoding"] !== undefined || declaredLength !== undefined;
    if ((req as { _body?: boolean })._body || !contentType || !isForm(contentType) || !hasBody) return next();
    const charset = charsetOf(contentType) ?? "utf-8";
    if (charset !== "utf-8" && charset !== "utf8") return next(new BodyError(415, "charset.unsupported", `unsupported charset "${charset.toUpperCase()}"`));
    const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
    if (encoding !== "identity") return next(new BodyError(415, "encoding.unsupported", `unsupported content encoding "${encoding}"`));
    const expected = declaredLength === undefined ? undefined : Number(declaredLength);
    if (expected !== undefined && expected > limit) return next(new BodyError(413, "entity.too.large", "request entity too large"));

    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const preRead = (req as WithPreReadBody)[PRE_READ_BODY];
    // Listeners stay on a finished request (it is about to be dropped): removing them cost more than they do.
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      if (error !== undefined) {
        req.resume(); // drain what is left so the answer can go out
        return next(error);
      }
      try {
        const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
        if (expected !== undefined && buffer.length !== expected) throw new BodyError(400, "request.size.invalid", "request size did not match content length");
        options.verify?.(req, res, buffer);
        req.body = parseForm(buffer.toString("utf8"));
        (req as { _body?: boolean })._body = true;
        next();
      } catch (parseError) {
        next(parseError);
      }
    };
    if (preRead) {
      received = preRead.length;
      if (received > limit) return finish(new BodyError(413, "entity.too.large", "request entity too large"));
      chunks.push(preRead);
      return finish();
    }
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      received += chunk.length;
      if (received > limit) finish(new BodyError(413, "entity.too.large", "request entity too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => finish());
    // A client gone before the end: node emits "error" (ECONNRESET, "aborted") on the request.
    req.on("error", () => finish(new BodyError(400, "request.aborted", "request aborted")));
  };
}
