import type { GatewayDeps } from "../gateway-deps";

/** Identity checks the link and sets the password (its schema validates the body); then every session of the user ends. */
export async function resetPassword(deps: GatewayDeps, body: unknown, requestId?: string): Promise<{ message: string }> {
  const { message, userId } = await deps.identity.resetPassword(body, requestId);
  const signedOut = await deps.sessions.deleteForUser(userId);
  deps.logger.info({ userId, signedOut }, "password reset; all sessions signed out");
  return { message };
}
