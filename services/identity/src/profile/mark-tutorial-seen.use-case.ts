import { unauthenticated } from "@rebound/platform";
import { toUserView, type UserView } from "../domain/user";
import type { IdentityContext } from "../identity-context";

export async function markTutorialSeen(ctx: IdentityContext, userId: string): Promise<UserView> {
  const user = await ctx.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  if (user.hasSeenTutorial) return toUserView(user);
  const updated = await ctx.db.transaction((tx) => ctx.users.update(tx, user.id, { hasSeenTutorial: true }));
  return toUserView(updated);
}
