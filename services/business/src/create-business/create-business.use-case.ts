import type { EventEnvelope } from "@rebound/contracts";
import type { BusinessDeps } from "../business-deps";
import type { Business } from "../domain/business";
import { newBusiness, ownerNameOf } from "../domain/business-defaults";
import { businessCreatedPayload, profileUpdatedPayload } from "../domain/event-payloads";
import { businessNotFound } from "../errors";

export interface NewOwner {
  userId: string;
  email: string;
  /** "First Last" from sign-up; the business name's fallback until the owner names the business. */
  name?: string;
}

/** UserRegistered: the new user's business (an event without a user id is logged and ignored). */
export async function createBusinessOfNewUser(deps: BusinessDeps, consumer: string, event: EventEnvelope<"UserRegistered">): Promise<void> {
  const { userId, email, firstName, lastName } = event.payload;
  if (!userId) {
    deps.logger.warn({ eventId: event.id }, "UserRegistered without a user id ignored");
    return;
  }
  await createBusiness(deps, consumer, event.id, { userId, email, name: ownerNameOf(firstName, lastName) });
}

/**
 * Creates the business of a newly registered user and emits BusinessCreated, once: a redelivered
 * event is skipped by processOnce, and a second sign-up event for the same user (another event id)
 * finds the business already there. When the owner's first request created it (ensureBusiness),
 * the sign-up's name is filled in here: the name is what messaging calls the business until it is named.
 */
export async function createBusiness(deps: BusinessDeps, consumer: string, eventId: string, owner: NewOwner): Promise<void> {
  await deps.db.processOnce(consumer, eventId, async (tx) => {
    const business = newBusiness({ id: deps.businesses.newId(), userId: owner.userId, ownerEmail: owner.email, ownerName: owner.name, at: deps.clock.now() });
    const inserted = await deps.businesses.insertIfAbsent(tx, business);
    if (inserted) {
      tx.append("BusinessCreated", business.id, businessCreatedPayload(business));
      return;
    }
    if (!owner.name) return;
    const current = await deps.businesses.lockByUserId(tx, owner.userId);
    if (!current || current.ownerName !== "") return;
    const updated = await deps.businesses.saveOwner(tx, current.id, { ownerEmail: current.ownerEmail, ownerName: owner.name }, deps.clock.now());
    tx.append("BusinessProfileUpdated", updated.id, profileUpdatedPayload(updated));
  });
}

/**
 * The signed-in user's business, created with the defaults when their sign-up event has not been
 * projected yet: a user who exists always has a business (read-your-writes after sign-up,
 * docs/decisions.md). Idempotent: the unique user id decides which insert wins, and only the
 * winner emits BusinessCreated.
 */
export async function ensureBusiness(deps: BusinessDeps, user: { id: string; email: string }): Promise<Business> {
  const existing = await deps.businesses.findByUserId(user.id);
  if (existing) return existing;
  const create = () =>
    deps.db.transaction(async (tx) => {
      const business = newBusiness({ id: deps.businesses.newId(), userId: user.id, ownerEmail: user.email, at: deps.clock.now() });
      if (await deps.businesses.insertIfAbsent(tx, business)) tx.append("BusinessCreated", business.id, businessCreatedPayload(business));
    });
  try {
    await create();
  } catch (error) {
    // Racing the sign-up event's own creation on PostgreSQL, this transaction can lose a lock
    // conflict (CI saw three 500s in 50 simultaneous sign-ups once). The insert is idempotent and
    // only its winner emits, so the loser waits a moment and tries once more.
    deps.logger.warn({ err: error, userId: user.id }, "creating the business on first read failed; trying once more");
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (!(await deps.businesses.findByUserId(user.id))) await create();
  }
  const created = await deps.businesses.findByUserId(user.id);
  if (!created) throw businessNotFound();
  return created;
}
