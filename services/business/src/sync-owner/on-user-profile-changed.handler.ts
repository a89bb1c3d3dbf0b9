import type { EventHandler } from "@rebound/platform";
import type { BusinessDeps } from "../business-deps";
import { syncOwnerEmail } from "./sync-owner-email.use-case";

export function onUserProfileChanged(deps: BusinessDeps, consumer: string): EventHandler<"UserProfileChanged"> {
  return async (event) => {
    const { userId, email } = event.payload;
    if (!userId || !email) return;
    await syncOwnerEmail(deps, consumer, event.id, userId, email);
  };
}
