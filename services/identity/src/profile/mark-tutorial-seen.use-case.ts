import { unauthenticated } from "@rebound/platform";
import type { UserView } from "../domain/user";
import type { IdentityDeps } from "../identity-deps";
import { userView } from "../read-model/user-view";

export async function markTutorialSeen(deps: IdentityDeps, userId: string): Promise<UserView> {
  const user = await deps.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  if (user.hasSeenTutorial) return userView(deps, user);
  const updated = await deps.db.transaction((tx) => deps.users.update(tx, user.id, { hasSeenTutorial: true }));
  return userView(deps, updated);
}
