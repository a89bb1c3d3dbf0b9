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
/** A signed header is reused for this long (a header is valid for MAX_AGE_MS anyway). */
const REUSE_SIGNED_MS = 60_000;
/** Per secret, at most this many remembered headers each way; then the memory starts again. */
const REMEMBERED_LIMIT = 10_000;

// Every signed-in request is signed by the gateway and verified by a service: two HMACs per
// request, a tenth of the CPU of a cached read (bench:analytics). The same user's header is
// reused for a minute, and a header already verified here is recognised by its exact bytes;
// the age check still runs on every use.
const signedBySecret = new Map<string, Map<string, { header: string; iat: number }>>();
const verifiedBySecret = new Map<string, Map<string, { user: InternalUser; iat: number }>>();

function remembered<T>(bySecret: Map<string, Map<string, T>>, secret: string): Map<string, T> {
  let entries = bySecret.get(secret);
  if (!entries) bySecret.set(secret, (entries = new Map()));
  if (entries.size >= REMEMBERED_LIMIT) entries.clear();
  return entries;
}

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

/** Header value: base64url(JSON) + "." + HMAC-SHA256; valid for a few minutes. */
export function signInternalUser(user: InternalUser, secret: string, now = Date.now()): string {
  const key = `${user.id}\n${user.email}\n${user.sessionId ?? ""}`;
  const signed = remembered(signedBySecret, secret);
  const reusable = signed.get(key);
  if (reusable && now - reusable.iat >= 0 && now - reusable.iat < REUSE_SIGNED_MS) return reusable.header;
  const payload = Buffer.from(JSON.stringify({ ...user, iat: now })).toString("base64url");
  const header = `${payload}.${sign(payload, secret)}`;
  signed.set(key, { header, iat: now });
  return header;
}

export function verifyInternalUser(header: string | undefined, secret: string, now = Date.now()): InternalUser | undefined {
  if (!header) return undefined;
  const verified = remembered(verifiedBySecret, secret);
  const known = verified.get(header);
  if (known) return Math.abs(now - known.iat) > MAX_AGE_MS ? undefined : { ...known.user };
  const [payload, signature] = header.split(".");
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as InternalUser & { iat: number };
    if (typeof parsed.id !== "string" || typeof parsed.iat !== "number" || Math.abs(now - parsed.iat) > MAX_AGE_MS) return undefined;
    const user = { id: parsed.id, email: parsed.email, sessionId: parsed.sessionId };
    verified.set(header, { user, iat: parsed.iat });
    return { ...user };
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

/**
 * The principals services sign their own calls to other services' internal APIs (`/internal/...`)
 * with. Each internal route names the callers it answers (requireInternalCaller): the gateway for
 * what touches sessions, billing for the account its sign-up creates (docs/architecture.md, "Sign-up").
 */
export const GATEWAY_PRINCIPAL: Readonly<InternalUser> = Object.freeze({ id: "service:gateway", email: "gateway@rebound.internal" });
export const BILLING_PRINCIPAL: Readonly<InternalUser> = Object.freeze({ id: "service:billing", email: "billing@rebound.internal" });

/**
 * Internal routes answer only the services on their allow-list (HMAC-signed header, principal id
 * one of `callers`); anyone else, a signed-in user included, gets a 404, as if they did not exist.
 */
export function requireInternalCaller(secret: string, callers: readonly Readonly<InternalUser>[]): RequestHandler {
  const allowed = new Set(callers.map((caller) => caller.id));
  return (req: Request, _res: Response, next: NextFunction) => {
    const caller = verifyInternalUser(req.header(INTERNAL_USER_HEADER), secret);
    if (!caller || !allowed.has(caller.id)) return next(new AppError("NOT_FOUND", "Not found"));
    next();
  };
}

/** Internal routes only the gateway calls. */
export function requireGateway(secret: string): RequestHandler {
  return requireInternalCaller(secret, [GATEWAY_PRINCIPAL]);
}

export function currentUser(res: Response): InternalUser {
  const user = res.locals.user as InternalUser | undefined;
  if (!user) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  return user;
}
