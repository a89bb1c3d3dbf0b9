import { expiresAt, RESET_TTL_MS } from "../domain/tokens";
import { normalizeEmail } from "../domain/user";
import type { IdentityDeps } from "../identity-deps";
import { passwordResetEmail } from "../mail/identity-emails";
import { issueToken } from "../security/tokens";

/** The same answer whether or not the account exists, so accounts cannot be discovered. */
export const FORGOT_PASSWORD_CONFIRMATION = "If an account exists for that email, we've sent a link to reset your password.";

export async function forgotPassword(deps: IdentityDeps, email: string): Promise<{ message: string }> {
  const user = await deps.users.findByEmail(normalizeEmail(email));
  if (user?.isActive) {
    const reset = issueToken();
    const now = deps.clock.now();
    await deps.db.transaction((tx) => deps.users.update(tx, user.id, { passwordResetToken: reset.hash, passwordResetExpires: expiresAt(now, RESET_TTL_MS) }));
    deps.mail.sendInBackground(passwordResetEmail(user.email, user.firstName, deps.links.resetPassword(reset.token)));
  }
  return { message: FORGOT_PASSWORD_CONFIRMATION };
}
