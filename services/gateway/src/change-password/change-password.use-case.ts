import type { InternalUser } from "@rebound/platform";
import { clearPasswordChecks, limitPasswordCheck } from "../edge/password-checks";
import type { GatewayDeps } from "../gateway-deps";

/**
 * Identity checks and changes the password (its schema validates the body); the user's other sessions end, this one stays.
 * Guessing the current password is throttled like login (issue 16): the same password-check limits, counted first.
 */
export async function changePassword(deps: GatewayDeps, user: InternalUser, body: unknown, ip: string, requestId?: string): Promise<{ message: string }> {
  await limitPasswordCheck(deps.limits, user.email, ip);
  const result = await deps.identity.changePassword(user.id, body, requestId);
  await clearPasswordChecks(deps.limits, user.email, ip);
  const signedOut = await deps.sessions.deleteForUser(user.id, user.sessionId);
  deps.logger.info({ userId: user.id, signedOut }, "password changed; other sessions signed out");
  return result;
}
