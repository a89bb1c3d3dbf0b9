import type { EventHandler } from "@rebound/platform";
import type { BusinessDeps } from "../business-deps";
import { ownerNameOf } from "../domain/business-defaults";
import { createBusiness } from "./create-business.use-case";

export function onUserRegistered(deps: BusinessDeps, consumer: string): EventHandler<"UserRegistered"> {
  return async (event) => {
    const { userId, email, firstName, lastName } = event.payload;
    if (!userId) {
      deps.logger.warn({ eventId: event.id }, "UserRegistered without a user id ignored");
      return;
    }
    await createBusiness(deps, consumer, event.id, { userId, email, name: ownerNameOf(firstName, lastName) });
  };
}
