import type { EventHandler } from "@rebound/platform";
import type { BusinessDeps } from "../business-deps";
import { ownerNameOf } from "../domain/business-defaults";
import { syncOwnerEmail } from "./sync-owner-email.use-case";

export function onUserProfileChanged(deps: BusinessDeps, consumer: string): EventHandler<"UserProfileChanged"> {
  return async (event) => {
    const { userId, email, firstName, lastName } = event.payload;
    if (!userId || !email) return;
    await syncOwnerEmail(deps, consumer, event.id, userId, email, ownerNameOf(firstName, lastName));
  };
}
