import type { ConsumerDefinition } from "@rebound/platform";
import type { GatewayDeps } from "../gateway-deps";
import { syncSessionEmail } from "./sync-session-email.use-case";

export const SESSIONS_GROUP = "gateway.sessions";

/** UserProfileChanged: the sessions' copy of the user's e-mail follows. */
export function onUserProfileChangedHandler(deps: GatewayDeps): ConsumerDefinition {
  return {
    group: SESSIONS_GROUP,
    handlers: {
      UserProfileChanged: (event) => syncSessionEmail(deps, event),
    },
  };
}
