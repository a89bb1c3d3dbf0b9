import type { BusinessDeps } from "../business-deps";
import { ensureBusiness } from "../create-business/create-business.use-case";
import type { Business } from "../domain/business";

/**
 * The signed-in user's business; the user id is the tenant, so no other business is reachable.
 * A user whose sign-up has not reached this service yet gets the defaults, created now.
 */
export async function getBusiness(deps: BusinessDeps, user: { id: string; email: string }): Promise<Business> {
  return ensureBusiness(deps, user);
}
