import { AppError, badRequest } from "@rebound/platform";
import { isExpired } from "../domain/tokens";
import type { ResetPasswordInput } from "@rebound/contracts/domain";
import type { IdentityDeps } from "../identity-deps";
import { hashToken } from "../security/tokens";

export const RESET_INVALID = "This reset link is invalid or has already been used.";
export const RESET_EXPIRED = "This reset link has expired. Please request a new one.";

/** Sets the new password and cancels a pending e-mail change; the link works once. Returns the user id so the gateway can sign out the user's sessions. */
export async function resetPassword(deps: IdentityDeps, input: ResetPasswordInput): Promise<{ message: string; userId: string }> {
  const tokenHash = hashToken(input.token);
  const user = await deps.users.findByResetToken(tokenHash);
  if (!user) throw badRequest(RESET_INVALID);
  if (isExpired(user.passwordResetExpires, deps.clock.now())) throw new AppError("GONE", RESET_EXPIRED);
  const passwordHash = await deps.hasher.hash(input.password);
  const updated = await deps.db.transaction((tx) =>
    deps.users.updateIfToken(tx, user.id, "passwordResetToken", tokenHash, {
      passwordHash,
      passwordResetToken: null,
      passwordResetExpires: null,
      // The owner answering an e-mail change notice: the change they did not ask for is cancelled.
      pendingEmail: null,
      pendingEmailToken: null,
      pendingEmailExpires: null,
    }),
  );
  if (!updated) throw badRequest(RESET_INVALID);
  return { message: "Your password has been reset. You can now sign in.", userId: updated.id };
}
