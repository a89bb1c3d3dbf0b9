import type { BusinessDeps } from "../business-deps";
import type { Business } from "../domain/business";
import { profileUpdatedPayload } from "../domain/event-payloads";
import { applyProfileChange, type ProfileChange } from "../domain/profile-change";
import { businessNotFound } from "../errors";

/** Saves the user's business profile and emits one BusinessProfileUpdated. */
export async function updateProfile(deps: BusinessDeps, userId: string, change: ProfileChange): Promise<Business> {
  return deps.db.transaction(async (tx) => {
    const current = await deps.businesses.lockByUserId(tx, userId);
    if (!current) throw businessNotFound();
    const profile = applyProfileChange(current.profile, change);
    const updated = await deps.businesses.saveProfile(tx, current.id, profile, deps.clock.now());
    tx.append("BusinessProfileUpdated", updated.id, profileUpdatedPayload(updated));
    return updated;
  });
}
