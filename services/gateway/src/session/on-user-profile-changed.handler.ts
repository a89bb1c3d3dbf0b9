import type { ConsumerDefinition } from "@rebound/platform";
import type { SessionRepository } from "../store/session.repository";

/** Sessions carry the user's e-mail to services; a changed address is copied into them (idempotent). */
export function sessionEmailConsumer(sessions: SessionRepository): ConsumerDefinition {
  return {
    group: "gateway.sessions",
    handlers: {
      UserProfileChanged: async (event) => {
        await sessions.updateUserEmail(event.payload.userId, event.payload.email);
      },
    },
  };
}
