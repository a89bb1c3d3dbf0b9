import { expiresAt, RESET_TTL_MS } from "../domain/tokens";
import { normalizeEmail } from "../domain/user";
import type { IdentityContext } from "../identity-context";
import { passwordResetEmail } from "../mail/identity-emails";
import { issueToken } from "../security/tokens";

/** The same answer whether or not the account exists, so accounts cannot be discovered. */
export const FORGOT_PASSWORD_CONFIRMATION = "If an account exists for that email, we've sent a link to reset your password.";

export async function forgotPassword(ctx: IdentityContext, email: string): Promise<{ message: string }> {
  const user = await ctx.users.findByEmail(normalizeEmail(email));
  if (user?.isActive) {
    const reset = issueToken();
    const now = ctx.clock.now();
    await ctx.db.transaction((tx) =>
      ctx.users.update(tx, user.id, { passwordResetToken: reset.hash, passwordResetExpires: expiresAt(now, RESET_TTL_MS) }),
    );
    ctx.mail.sendInBackground(passwordResetEmail(user.email, user.firstName, ctx.links.resetPassword(reset.token)));
  }
  return { message: FORGOT_PASSWORD_CONFIRMATION };
}
