import type { BusinessDeps } from "../business-deps";
import type { Business } from "../domain/business";
import { businessNotFound } from "../errors";

/** The signed-in user's business; the user id is the tenant, so no other business is reachable. */
export async function getBusiness(deps: BusinessDeps, userId: string): Promise<Business> {
  const business = await deps.businesses.findByUserId(userId);
  if (!business) throw businessNotFound();
  return business;
}
