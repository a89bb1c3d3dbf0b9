import { formBody, jsonBody } from "@rebound/platform";
import type { Request } from "express";
import type { IncomingMessage } from "node:http";

/** The bytes as received, so the HTTP proxy forwards exactly what the client sent. */
export function rawBodyOf(req: Request): Buffer | undefined {
  return (req as Request & { rawBody?: Buffer }).rawBody;
}

const keepRaw = (req: IncomingMessage, _res: unknown, buffer: Buffer) => {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buffer;
};

/** JSON for /api, with a size limit (413 beyond it), valid UTF-8, bounded nesting and safe text (400 otherwise). */
export const apiJsonBody = jsonBody({ limit: "100kb", verify: keepRaw });

export const TWILIO_FORM_LIMIT_BYTES = 64 * 1024;

/** Twilio posts form-encoded webhooks; the parsed form is what the signature covers. */
export const twilioFormBody = formBody({ limitBytes: TWILIO_FORM_LIMIT_BYTES, verify: keepRaw });
