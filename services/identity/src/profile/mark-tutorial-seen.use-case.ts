import { unauthenticated } from "@rebound/platform";
import { toUserView, type UserView } from "../domain/user";
import type { IdentityDeps } from "../identity-deps";

export async function markTutorialSeen(deps: IdentityDeps, userId: string): Promise<UserView> {
  const user = await deps.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  if (user.hasSeenTutorial) return toUserView(user);
  const updated = await deps.db.transaction((tx) => deps.users.update(tx, user.id, { hasSeenTutorial: true }));
  return toUserView(updated);
}
