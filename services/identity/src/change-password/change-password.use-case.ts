import { badRequest, unauthenticated } from "@rebound/platform";
import type { ChangePasswordInput } from "@rebound/contracts/domain";
import type { IdentityDeps } from "../identity-deps";

/** Checks the current password, stores the new one. The gateway then signs out the user's other sessions. */
export async function changePassword(deps: IdentityDeps, userId: string, input: ChangePasswordInput): Promise<{ message: string }> {
  const user = await deps.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  if (!(await deps.hasher.verify(user.passwordHash, input.currentPassword))) throw badRequest("Current password is incorrect");
  const passwordHash = await deps.hasher.hash(input.newPassword);
  // An old reset link must not undo the change.
  await deps.db.transaction((tx) => deps.users.update(tx, user.id, { passwordHash, passwordResetToken: null, passwordResetExpires: null }));
  return { message: "Password changed successfully" };
}
