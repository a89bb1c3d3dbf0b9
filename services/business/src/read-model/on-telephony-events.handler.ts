import type { ConsumerDefinition } from "@rebound/platform";
import type { BusinessDeps } from "../business-deps";
import { applyTelephonyEvent } from "./apply-number-fact.use-case";

export const TELEPHONY_CONSUMER = "business.telephony";

/** The business's number view (dedicated number, forwarding test) is a read model of telephony's events. */
export function onTelephonyEventsHandler(deps: BusinessDeps): ConsumerDefinition {
  return {
    group: TELEPHONY_CONSUMER,
    handlers: {
      PhoneNumberPurchased: (event) => applyTelephonyEvent(deps, TELEPHONY_CONSUMER, event),
      PhoneNumberReleased: (event) => applyTelephonyEvent(deps, TELEPHONY_CONSUMER, event),
      ForwardingTestCompleted: (event) => applyTelephonyEvent(deps, TELEPHONY_CONSUMER, event),
    },
  };
}
