import { unauthenticated } from "@rebound/platform";
import { toUserView, type UserView } from "../domain/user";
import type { IdentityDeps } from "../identity-deps";

/** The signed-in user; a deleted or deactivated account counts as signed out. */
export async function currentUserView(deps: IdentityDeps, userId: string): Promise<UserView> {
  const user = await deps.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  return toUserView(user);
}
