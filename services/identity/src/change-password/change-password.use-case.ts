import { badRequest, unauthenticated } from "@rebound/platform";
import type { ChangePasswordInput } from "../http/request-schemas";
import type { IdentityContext } from "../identity-context";

/** Checks the current password, stores the new one. The gateway then signs out the user's other sessions. */
export async function changePassword(ctx: IdentityContext, userId: string, input: ChangePasswordInput): Promise<{ message: string }> {
  const user = await ctx.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  if (!(await ctx.hasher.verify(user.passwordHash, input.currentPassword))) throw badRequest("Current password is incorrect");
  const passwordHash = await ctx.hasher.hash(input.newPassword);
  // An old reset link must not undo the change.
  await ctx.db.transaction((tx) => ctx.users.update(tx, user.id, { passwordHash, passwordResetToken: null, passwordResetExpires: null }));
  return { message: "Password changed successfully" };
}
