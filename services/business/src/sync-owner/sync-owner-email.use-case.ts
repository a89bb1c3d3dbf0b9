import type { EventEnvelope } from "@rebound/contracts";
import type { BusinessDeps } from "../business-deps";
import { ownerNameOf } from "../domain/business-defaults";
import { profileUpdatedPayload } from "../domain/event-payloads";

/**
 * Keeps the owner's e-mail (where owner alerts go) and name (the business name's fallback) in
 * step with the account and tells the call path through BusinessProfileUpdated. Nothing to do
 * for a user without a business. An empty name (an older event) keeps the stored one.
 */
export async function syncOwnerEmail(deps: BusinessDeps, consumer: string, eventId: string, userId: string, email: string, name = ""): Promise<void> {
  await deps.db.processOnce(consumer, eventId, async (tx) => {
    const business = await deps.businesses.lockByUserId(tx, userId);
    const ownerName = name === "" ? business?.ownerName : name;
    if (!business || (business.ownerEmail === email && business.ownerName === ownerName)) return;
    const updated = await deps.businesses.saveOwner(tx, business.id, { ownerEmail: email, ownerName: ownerName ?? "" }, deps.clock.now());
    tx.append("BusinessProfileUpdated", updated.id, profileUpdatedPayload(updated));
  });
}

/** UserProfileChanged: the owner's e-mail and name follow the account (an event without user id or e-mail is ignored). */
export async function syncOwnerFromProfile(deps: BusinessDeps, consumer: string, event: EventEnvelope<"UserProfileChanged">): Promise<void> {
  const { userId, email, firstName, lastName } = event.payload;
  if (!userId || !email) return;
  await syncOwnerEmail(deps, consumer, event.id, userId, email, ownerNameOf(firstName, lastName));
}
