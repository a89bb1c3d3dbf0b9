import { AppError, badRequest } from "@rebound/platform";
import { isExpired } from "../domain/tokens";
import type { ResetPasswordInput } from "../http/request-schemas";
import type { IdentityContext } from "../identity-context";
import { hashToken } from "../security/tokens";

export const RESET_INVALID = "This reset link is invalid or has already been used.";
export const RESET_EXPIRED = "This reset link has expired. Please request a new one.";

/** Sets the new password; the link works once. Returns the user id so the gateway can sign out the user's sessions. */
export async function resetPassword(ctx: IdentityContext, input: ResetPasswordInput): Promise<{ message: string; userId: string }> {
  const tokenHash = hashToken(input.token);
  const user = await ctx.users.findByResetToken(tokenHash);
  if (!user) throw badRequest(RESET_INVALID);
  if (isExpired(user.passwordResetExpires, ctx.clock.now())) throw new AppError("GONE", RESET_EXPIRED);
  const passwordHash = await ctx.hasher.hash(input.password);
  const updated = await ctx.db.transaction((tx) =>
    ctx.users.updateIfToken(tx, user.id, "passwordResetToken", tokenHash, {
      passwordHash,
      passwordResetToken: null,
      passwordResetExpires: null,
    }),
  );
  if (!updated) throw badRequest(RESET_INVALID);
  return { message: "Your password has been reset. You can now sign in.", userId: updated.id };
}
