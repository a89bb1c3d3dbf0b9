import type { ConsumerDefinition } from "@rebound/platform";
import type { BusinessDeps } from "../business-deps";
import { syncOwnerFromProfile } from "../sync-owner/sync-owner-email.use-case";
import { createBusinessOfNewUser } from "./create-business.use-case";

export const USERS_CONSUMER = "business.users";

/** Identity's events: a registered user gets a business; a changed profile reaches the owner fields. */
export function onUserEventsHandler(deps: BusinessDeps): ConsumerDefinition {
  return {
    group: USERS_CONSUMER,
    handlers: {
      UserRegistered: (event) => createBusinessOfNewUser(deps, USERS_CONSUMER, event),
      UserProfileChanged: (event) => syncOwnerFromProfile(deps, USERS_CONSUMER, event),
    },
  };
}
