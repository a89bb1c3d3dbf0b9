import type { CookieOptions, Request, RequestHandler, Response } from "express";
import type { Clock } from "@rebound/platform";
import type { SessionRepository, SessionRow } from "../store/session.repository";
import { newSessionId, readCookie, signSessionId, VerifiedCookies } from "./session-cookie";
import { SIGNED_IN_HINT_COOKIE } from "./signed-in-hint";

// Server-side sessions in the gateway's sessions table behind an httpOnly, SameSite=Lax cookie;
// nothing is stored until someone signs in. This replaced express-session, which cost a third of
// a cached dashboard read's CPU (it hashes and re-serialises the session twice per request and
// wraps the response); the cookie format and the stored JSON are express-session's, so sessions
// made before the change stay valid. A signed-in request's stored expiry slides forward (at most
// once a minute, SessionCache); the browser's cookie keeps the expiry it was given at sign-in.

export const SESSION_COOKIE = "rebound.sid";

export interface SessionSettings {
  secret: string;
  maxAgeMs: number;
  /** Secure cookies when the public URL is https (behind TLS). */
  secure: boolean;
}

/** The signed-in session of a request. */
export interface SignedInSession {
  id: string;
  userId: string;
  email: string;
}

/** The stored JSON (express-session's shape: the cookie, then the user). */
interface StoredSession {
  cookie: { originalMaxAge: number; expires: string; secure: boolean; httpOnly: true; path: "/"; sameSite: "lax" };
  userId: string;
  email: string;
}

declare module "express-serve-static-core" {
  interface Request {
    /** Set on every /api request by the session middleware. */
    gatewaySession?: RequestSession;
  }
}

/** A request's session: who is signed in, and signing in or out during the request. */
export class RequestSession {
  constructor(
    private readonly res: Response,
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    private readonly settings: SessionSettings,
    private readonly hadHint: boolean,
    private signedIn: SignedInSession | undefined,
  ) {}

  get current(): SignedInSession | undefined {
    return this.signedIn;
  }

  /** Signs `user` in under a new session id (the old session, if any, ends: no session fixation); both cookies are set. */
  async start(user: { id: string; email: string }): Promise<void> {
    if (this.signedIn) await this.sessions.delete(this.signedIn.id);
    this.signedIn = undefined;
    const sid = newSessionId();
    const expires = new Date(this.clock.now().getTime() + this.settings.maxAgeMs);
    const stored: StoredSession = {
      cookie: {
        originalMaxAge: this.settings.maxAgeMs,
        expires: expires.toISOString(),
        secure: this.settings.secure,
        httpOnly: true,
        path: "/",
        sameSite: "lax",
      },
      userId: user.id,
      email: user.email,
    };
    await this.sessions.save(sid, stored, expires);
    this.signedIn = { id: sid, userId: user.id, email: user.email };
    removeSetCookies(this.res, [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]);
    const options: CookieOptions = { sameSite: "lax", secure: this.settings.secure, expires, path: "/" };
    // The session first: a client that keeps only the first Set-Cookie still gets it.
    this.res.cookie(SESSION_COOKIE, signSessionId(sid, this.settings.secret), { ...options, httpOnly: true });
    this.res.cookie(SIGNED_IN_HINT_COOKIE, "1", { ...options, httpOnly: false });
  }

  /** Signs out: the stored session is deleted and its cookie cleared (signed in or not); the hint too when sent. */
  async end(): Promise<void> {
    if (this.signedIn) await this.sessions.delete(this.signedIn.id);
    this.signedIn = undefined;
    removeSetCookies(this.res, [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]);
    this.res.clearCookie(SESSION_COOKIE, { path: "/" });
    if (this.hadHint) this.res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: "/" });
  }
}

/**
 * Reads the request's session (a verified cookie whose stored session has not expired) onto
 * `req.gatewaySession`. The readable signed-in hint cookie (signed-in-hint.ts) is cleared on a
 * response to a request that sends it without a live session; a session without the hint is
 * left alone (a client that never sends the hint back would otherwise get a Set-Cookie on every call).
 */
export function sessionMiddleware(sessions: SessionRepository, clock: Clock, settings: SessionSettings): RequestHandler {
  const verified = new VerifiedCookies(settings.secret);
  const live = (sid: string, row: SessionRow | null, now: number): SignedInSession | undefined => {
    if (!row || row.expire.getTime() <= now) return undefined;
    const { userId, email } = (row.sess ?? {}) as Partial<StoredSession>;
    return typeof userId === "string" && typeof email === "string" ? { id: sid, userId, email } : undefined;
  };
  const attach = (req: Request, res: Response, hadHint: boolean, signedIn: SignedInSession | undefined): void => {
    req.gatewaySession = new RequestSession(res, sessions, clock, settings, hadHint, signedIn);
    if (!signedIn && hadHint) res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: "/" });
  };
  const readAndTouch = async (sid: string): Promise<SignedInSession | undefined> => {
    const signedIn = live(sid, await sessions.find(sid), clock.now().getTime());
    if (signedIn) await sessions.touch(sid, new Date(clock.now().getTime() + settings.maxAgeMs));
    return signedIn;
  };

  return (req, res, next) => {
    const header = req.headers.cookie;
    const hadHint = readCookie(header, SIGNED_IN_HINT_COOKIE) !== undefined;
    const value = readCookie(header, SESSION_COOKIE);
    const sid = value === undefined ? undefined : verified.sessionIdOf(value);
    if (!sid) {
      attach(req, res, hadHint, undefined);
      return next();
    }
    // Most signed-in requests: the session was read within the cache's age and its expiry needs no write.
    const fresh = sessions.findFresh(sid);
    if (fresh !== undefined) {
      const now = clock.now().getTime();
      const signedIn = live(sid, fresh, now);
      if (!signedIn || !sessions.touchDue(sid, new Date(now + settings.maxAgeMs))) {
        attach(req, res, hadHint, signedIn);
        return next();
      }
    }
    readAndTouch(sid).then((signedIn) => {
      attach(req, res, hadHint, signedIn);
      next();
    }, next);
  };
}

function removeSetCookies(res: Response, names: string[]): void {
  const header = res.getHeader("Set-Cookie");
  if (header === undefined) return;
  const lines = (Array.isArray(header) ? header : [String(header)]).filter((line) => !names.some((name) => line.startsWith(`${name}=`)));
  if (lines.length > 0) res.setHeader("Set-Cookie", lines);
  else res.removeHeader("Set-Cookie");
}
