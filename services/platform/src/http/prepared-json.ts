import { createHash } from "node:crypto";
import type { Response } from "express";

/** A JSON answer serialised once, with its ETag, for reads served many times from memory. */
export interface PreparedJson {
  /** The JSON as UTF-8, encoded once. */
  readonly bytes: Buffer;
  readonly etag: string;
}

/** Serialises `value` and computes the weak ETag express would (length and SHA-1 of the body). */
export function prepareJson(value: unknown): PreparedJson {
  const bytes = Buffer.from(JSON.stringify(value), "utf8");
  const hash = createHash("sha1").update(bytes).digest("base64").substring(0, 27);
  return { bytes, etag: `W/"${bytes.length.toString(16)}-${hash}"` };
}

/**
 * Sends a prepared answer as res.json would (status, headers, 304 for a matching If-None-Match,
 * no body for HEAD) without serialising, hashing or encoding it again.
 */
export function sendPreparedJson(res: Response, prepared: PreparedJson): void {
  res.setHeader("ETag", prepared.etag);
  if (res.req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", prepared.bytes.length);
  if (res.req.method === "HEAD") res.end();
  else res.end(prepared.bytes);
}
