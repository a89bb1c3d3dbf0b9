import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../errors/app-error";

/** The signed-in user as the gateway vouches for it to services. */
export interface InternalUser {
  id: string;
  email: string;
  /** Session id, so a service can act on "other sessions" (change password). */
  sessionId?: string;
}

export const INTERNAL_USER_HEADER = "x-rebound-user";
const MAX_AGE_MS = 5 * 60_000;

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

/** Header value: base64url(JSON) + "." + HMAC-SHA256; valid for a few minutes. */
export function signInternalUser(user: InternalUser, secret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...user, iat: now })).toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

export function verifyInternalUser(header: string | undefined, secret: string, now = Date.now()): InternalUser | undefined {
  if (!header) return undefined;
  const [payload, signature] = header.split(".");
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as InternalUser & { iat: number };
    if (typeof parsed.id !== "string" || typeof parsed.iat !== "number" || Math.abs(now - parsed.iat) > MAX_AGE_MS) return undefined;
    return { id: parsed.id, email: parsed.email, sessionId: parsed.sessionId };
  } catch {
    return undefined;
  }
}

/** Rejects requests without a valid internal user header with 401; the user is on `res.locals.user`. */
export function requireUser(secret: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const user = verifyInternalUser(req.header(INTERNAL_USER_HEADER), secret);
    if (!user) return next(new AppError("UNAUTHENTICATED", "Not authenticated"));
    res.locals.user = user;
    next();
  };
}

export function currentUser(res: Response): InternalUser {
  const user = res.locals.user as InternalUser | undefined;
  if (!user) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  return user;
}
