import type { Request, RequestHandler, Response } from "express";
import { sessionUser } from "./session-user";

/**
 * "This browser is signed in": a non-secret cookie the web app can read (the session cookie is
 * httpOnly), so a visitor's page does not ask GET /api/auth/user only to be told 401. It carries
 * no identity and grants nothing; the session cookie stays the only proof. Set and cleared with
 * the session, and corrected on any /api request where the two disagree (an expired or ended
 * session clears it; a session without it gets it).
 */
export const SIGNED_IN_HINT_COOKIE = "rebound.signed-in";

export function markSignedIn(req: Request, res: Response): void {
  const cookie = req.session.cookie;
  res.cookie(SIGNED_IN_HINT_COOKIE, "1", { httpOnly: false, sameSite: "lax", secure: cookie.secure === true, expires: cookie.expires ?? undefined, path: "/" });
}

export function markSignedOut(res: Response): void {
  res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: "/" });
}

function hasHint(req: Request): boolean {
  return (req.headers.cookie ?? "").split(";").some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

/** After the session middleware: keeps the hint in step with the session this request carries. */
export function signedInHint(): RequestHandler {
  return (req, res, next) => {
    const signedIn = sessionUser(req) !== undefined;
    if (signedIn && !hasHint(req)) markSignedIn(req, res);
    else if (!signedIn && hasHint(req)) markSignedOut(res);
    next();
  };
}
