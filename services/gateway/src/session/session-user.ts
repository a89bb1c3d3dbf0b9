import type { Request } from "express";
import type { InternalUser } from "@rebound/platform";

declare module "express-session" {
  interface SessionData {
    userId: string;
    email: string;
  }
}

/** The signed-in user of this request's session, if any. */
export function sessionUser(req: Request): InternalUser | undefined {
  const session = req.session as Request["session"] | undefined;
  if (!session?.userId || !session.email) return undefined;
  return { id: session.userId, email: session.email, sessionId: req.sessionID };
}

/** A fresh session id for the signed-in user (prevents session fixation), saved before the response. */
export async function startSession(req: Request, user: { id: string; email: string }): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((error: unknown) => (error ? reject(toError(error)) : resolve())));
  req.session.userId = user.id;
  req.session.email = user.email;
  await new Promise<void>((resolve, reject) => req.session.save((error: unknown) => (error ? reject(toError(error)) : resolve())));
}

export async function endSession(req: Request): Promise<void> {
  const session = req.session as Request["session"] | undefined;
  if (!session) return;
  await new Promise<void>((resolve, reject) => session.destroy((error: unknown) => (error ? reject(toError(error)) : resolve())));
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
