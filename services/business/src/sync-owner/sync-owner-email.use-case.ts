import type { BusinessDeps } from "../business-deps";
import { profileUpdatedPayload } from "../domain/event-payloads";

/**
 * Keeps the owner's e-mail (where owner alerts go) in step with the account and tells the call
 * path through BusinessProfileUpdated. Nothing to do for a user without a business.
 */
export async function syncOwnerEmail(deps: BusinessDeps, consumer: string, eventId: string, userId: string, email: string): Promise<void> {
  await deps.db.processOnce(consumer, eventId, async (tx) => {
    const business = await deps.businesses.lockByUserId(tx, userId);
    if (!business || business.ownerEmail === email) return;
    const updated = await deps.businesses.saveOwnerEmail(tx, business.id, email, deps.clock.now());
    tx.append("BusinessProfileUpdated", updated.id, profileUpdatedPayload(updated));
  });
}
