import type { EventEnvelope } from "@rebound/contracts";
import type { GatewayDeps } from "../gateway-deps";

/** Sessions carry the user's e-mail to services; a changed address is copied into them (idempotent). */
export async function syncSessionEmail(deps: Pick<GatewayDeps, "sessions">, event: EventEnvelope<"UserProfileChanged">): Promise<void> {
  await deps.sessions.updateUserEmail(event.payload.userId, event.payload.email);
}
