import { defaultPlan } from "../domain/subscription-projection";
import { toUserView, type UserRecord, type UserView } from "../domain/user";
import type { IdentityDeps } from "../identity-deps";

/** The user as the client reads it: identity's record with billing's plan facts from the subscription projection. */
export async function userView(deps: IdentityDeps, user: UserRecord): Promise<UserView> {
  return toUserView(user, (await deps.subscriptions.find(user.id)) ?? defaultPlan(user.createdAt));
}
