import type { ConsumerDefinition } from "@rebound/platform";
import type { BillingDeps } from "../billing-deps";
import { applyNumberEvent } from "./dedicated-number.use-case";

export const NUMBERS_CONSUMER = "billing.numbers";

/** PhoneNumberPurchased adds the number's item to the subscription; PhoneNumberReleased removes it. */
export function onPhoneNumberEventsHandler(deps: BillingDeps): ConsumerDefinition {
  return {
    group: NUMBERS_CONSUMER,
    handlers: {
      PhoneNumberPurchased: (event) => applyNumberEvent(deps, event),
      PhoneNumberReleased: (event) => applyNumberEvent(deps, event),
    },
  };
}
