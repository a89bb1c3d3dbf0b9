import type { RequestHandler } from "express";
import { endSession } from "../session/session-user";

/** POST /api/logout: the session ends and its cookie is cleared (signed in or not). */
export function logoutRoute(): RequestHandler {
  return async (req, res) => {
    await endSession(req);
    res.json({ message: "Logged out successfully" });
  };
}
