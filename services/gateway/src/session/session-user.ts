import type { Request } from "express";
import type { InternalUser } from "@rebound/platform";

/** The signed-in user of this request's session, if any. */
export function sessionUser(req: Request): InternalUser | undefined {
  const session = req.gatewaySession?.current;
  return session && { id: session.userId, email: session.email, sessionId: session.id };
}

/** A fresh session id for the signed-in user (prevents session fixation), saved before the response. */
export async function startSession(req: Request, user: { id: string; email: string }): Promise<void> {
  const session = req.gatewaySession;
  if (!session) throw new Error("startSession outside /api: the session middleware did not run");
  await session.start(user);
}

/** Signs out (deletes the session and clears its cookies); fine without a session. */
export async function endSession(req: Request): Promise<void> {
  await req.gatewaySession?.end();
}
