import type { Request, RequestHandler, Response } from "express";
import { SESSION_COOKIE } from "./session-middleware";
import { sessionUser } from "./session-user";

/**
 * "This browser is signed in": a non-secret cookie the web app can read (the session cookie is
 * httpOnly), so a visitor's page does not ask GET /api/auth/user only to be told 401. It carries
 * no identity and grants nothing; the session cookie stays the only proof.
 */
export const SIGNED_IN_HINT_COOKIE = "rebound.signed-in";

function hasHint(req: Request): boolean {
  return (req.headers.cookie ?? "").split(";").some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

function setCookieLines(res: Response): string[] {
  const header = res.getHeader("Set-Cookie");
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

/** When the response's headers go out: the hint follows the session this request ends with. */
function syncHint(req: Request, res: Response): void {
  const sessionCookieSent = setCookieLines(res).some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`));
  const signedIn = sessionUser(req) !== undefined;
  if (signedIn && sessionCookieSent) {
    const cookie = req.session.cookie;
    res.cookie(SIGNED_IN_HINT_COOKIE, "1", { httpOnly: false, sameSite: "lax", secure: cookie.secure === true, expires: cookie.expires ?? undefined, path: "/" });
  } else if (!signedIn && hasHint(req)) {
    res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: "/" });
  }
}

/**
 * Mounted just before the session middleware: express-session writes its cookie when the headers
 * go out, and hooks registered later run first, so this runs after it. The hint is sent only
 * beside the session cookie (same expiry, always after it, so a client that keeps only the first
 * Set-Cookie still gets the session) and cleared on any /api response once its session is gone
 * (expired, signed out, ended by a password reset). A session without a hint is left alone: a
 * client that never sends the hint back would otherwise get a Set-Cookie on every call.
 */
export function signedInHint(): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    let synced = false;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (!synced) {
        synced = true;
        syncHint(req, res);
      }
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
