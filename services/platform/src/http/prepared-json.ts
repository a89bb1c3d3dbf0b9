import { createHash } from "node:crypto";
import type { Response } from "express";

/** A JSON answer serialised once, with its ETag, for reads served many times from memory. */
export interface PreparedJson<T = unknown> {
  readonly value: T;
  readonly body: string;
  readonly etag: string;
}

/** Serialises `value` and computes the weak ETag express would (length and SHA-1 of the body). */
export function prepareJson<T>(value: T): PreparedJson<T> {
  const body = JSON.stringify(value);
  const hash = createHash("sha1").update(body, "utf8").digest("base64").substring(0, 27);
  return { value, body, etag: `W/"${Buffer.byteLength(body, "utf8").toString(16)}-${hash}"` };
}

/** Sends a prepared answer: no serialisation or hashing per request; a matching If-None-Match gets 304. */
export function sendPreparedJson(res: Response, prepared: PreparedJson): void {
  res.setHeader("ETag", prepared.etag);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.send(prepared.body);
}
