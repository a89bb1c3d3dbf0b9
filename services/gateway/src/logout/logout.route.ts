import type { RequestHandler } from "express";
import { SESSION_COOKIE } from "../session/session-middleware";
import { endSession } from "../session/session-user";
import { markSignedOut } from "../session/signed-in-hint";

/** POST /api/logout: the session ends and its cookie (and the signed-in hint) are cleared (signed in or not). */
export function logoutRoute(): RequestHandler {
  return async (req, res) => {
    await endSession(req);
    res.clearCookie(SESSION_COOKIE, { path: "/" });
    markSignedOut(res);
    res.json({ message: "Logged out successfully" });
  };
}
