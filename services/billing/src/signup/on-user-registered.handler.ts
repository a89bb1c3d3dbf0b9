import type { EventEnvelope } from "@rebound/contracts";
import type { BillingDeps } from "../billing-deps";
import { confirmSignupOfUser } from "./confirm-signup.use-case";

/** UserRegistered with a payment method: the sign-up it paid for becomes the user's (idempotent). */
export function onUserRegisteredHandler(deps: BillingDeps) {
  return async (event: EventEnvelope<"UserRegistered">): Promise<void> => {
    const { userId, email, paymentMethodId } = event.payload;
    if (!paymentMethodId) return;
    await confirmSignupOfUser(deps, userId, email, paymentMethodId);
  };
}
