import session from "express-session";
import type { RequestHandler } from "express";
import type { Clock } from "@rebound/platform";
import type { SessionRepository } from "../store/session.repository";
import { PrismaSessionStore } from "./prisma-session-store";

export const SESSION_COOKIE = "rebound.sid";

export interface SessionSettings {
  secret: string;
  maxAgeMs: number;
  /** Secure cookies when the public URL is https (behind TLS). */
  secure: boolean;
}

/** Server-side sessions: httpOnly, SameSite=Lax cookie; nothing is stored until someone signs in. */
export function sessionMiddleware(sessions: SessionRepository, clock: Clock, settings: SessionSettings): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret: settings.secret,
    store: new PrismaSessionStore(sessions, clock, settings.maxAgeMs),
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: "lax", secure: settings.secure, maxAge: settings.maxAgeMs, path: "/" },
  });
}
