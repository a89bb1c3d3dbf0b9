import { AppError, type InternalUser } from "@rebound/platform";
import { enforce } from "../edge/rate-limits";
import type { GatewayDeps } from "../gateway-deps";

/**
 * Identity checks and changes the password (its schema validates the body); the user's other sessions end, this one stays.
 * Guessing the current password is throttled like login (issue 16): the same per-IP and per-account limits, counted first.
 */
export async function changePassword(deps: GatewayDeps, user: InternalUser, body: unknown, ip: string, requestId?: string): Promise<{ message: string }> {
  const email = user.email.toLowerCase();
  await enforce([
    [deps.limits.loginIp, ip],
    [deps.limits.loginEmail, email],
  ]);
  const result = await deps.identity.changePassword(user.id, body, requestId).catch(async (error: unknown) => {
    // a wrong current password is a failed guess from this IP, as a wrong login is
    if (error instanceof AppError && error.code === "BAD_REQUEST") await deps.limits.loginFailureIp.consume(ip);
    throw error;
  });
  await deps.limits.loginEmail.reset(email);
  const signedOut = await deps.sessions.deleteForUser(user.id, user.sessionId);
  deps.logger.info({ userId: user.id, signedOut }, "password changed; other sessions signed out");
  return result;
}
