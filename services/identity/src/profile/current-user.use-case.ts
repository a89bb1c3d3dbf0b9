import { unauthenticated } from "@rebound/platform";
import { toUserView, type UserView } from "../domain/user";
import type { IdentityContext } from "../identity-context";

/** The signed-in user; a deleted or deactivated account counts as signed out. */
export async function currentUserView(ctx: IdentityContext, userId: string): Promise<UserView> {
  const user = await ctx.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  return toUserView(user);
}
