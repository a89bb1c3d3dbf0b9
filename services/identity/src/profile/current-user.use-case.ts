import { unauthenticated } from "@rebound/platform";
import { defaultPlan } from "../domain/subscription-projection";
import { toUserView, type UserView } from "../domain/user";
import type { IdentityDeps } from "../identity-deps";

/** The signed-in user; a deleted or deactivated account counts as signed out. */
export async function currentUserView(deps: IdentityDeps, userId: string): Promise<UserView> {
  // Every page load asks: the two reads go out together.
  const [user, plan] = await Promise.all([deps.users.findById(userId), deps.subscriptions.find(userId)]);
  if (!user?.isActive) throw unauthenticated();
  return toUserView(user, plan ?? defaultPlan(user.createdAt));
}
