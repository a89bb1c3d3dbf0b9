import type { EventEnvelope } from "@rebound/contracts";
import type { BillingDeps } from "../billing-deps";
import { setDedicatedNumber } from "./dedicated-number.use-case";

/** PhoneNumberPurchased adds the number's item to the subscription. */
export function onPhoneNumberPurchasedHandler(deps: BillingDeps) {
  return async (event: EventEnvelope<"PhoneNumberPurchased">): Promise<void> => {
    await setDedicatedNumber(deps, event.payload.userId, event.payload.businessId, true);
  };
}

/** PhoneNumberReleased removes it. */
export function onPhoneNumberReleasedHandler(deps: BillingDeps) {
  return async (event: EventEnvelope<"PhoneNumberReleased">): Promise<void> => {
    await setDedicatedNumber(deps, event.payload.userId, event.payload.businessId, false);
  };
}
