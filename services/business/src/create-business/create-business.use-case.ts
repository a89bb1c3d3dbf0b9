import type { BusinessDeps } from "../business-deps";
import { newBusiness } from "../domain/business-defaults";
import { businessCreatedPayload } from "../domain/event-payloads";

export interface NewOwner {
  userId: string;
  email: string;
}

/**
 * Creates the business of a newly registered user and emits BusinessCreated, once: a redelivered
 * event is skipped by processOnce, and a second sign-up event for the same user (another event id)
 * finds the business already there.
 */
export async function createBusiness(deps: BusinessDeps, consumer: string, eventId: string, owner: NewOwner): Promise<void> {
  await deps.db.processOnce(consumer, eventId, async (tx) => {
    const business = newBusiness({ id: deps.businesses.newId(), userId: owner.userId, ownerEmail: owner.email, at: deps.clock.now() });
    const inserted = await deps.businesses.insertIfAbsent(tx, business);
    if (inserted) tx.append("BusinessCreated", business.id, businessCreatedPayload(business));
  });
}
