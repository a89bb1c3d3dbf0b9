import type { ConsumerDefinition } from "@rebound/platform";
import type { GatewayDeps } from "../gateway-deps";

/** Sessions carry the user's e-mail to services; a changed address is copied into them (idempotent). */
export function onUserProfileChangedHandler(deps: GatewayDeps): ConsumerDefinition {
  return {
    group: "gateway.sessions",
    handlers: {
      UserProfileChanged: async (event) => {
        await deps.sessions.updateUserEmail(event.payload.userId, event.payload.email);
      },
    },
  };
}
