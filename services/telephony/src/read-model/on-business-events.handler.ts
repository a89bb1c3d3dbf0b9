import type { ConsumerDefinition } from "@rebound/platform";
import type { TelephonyDeps } from "../telephony-deps";
import { applyBusinessEvent } from "./apply-business-event.use-case";

export const BUSINESS_EVENTS_GROUP = "telephony.businesses";

/** Telephony's view of businesses (owner, business phone, what the voice answer needs) from business events. */
export function onBusinessEventsHandler(deps: TelephonyDeps): ConsumerDefinition {
  return {
    group: BUSINESS_EVENTS_GROUP,
    handlers: {
      BusinessCreated: (event) => applyBusinessEvent(deps, BUSINESS_EVENTS_GROUP, event),
      BusinessSettingsUpdated: (event) => applyBusinessEvent(deps, BUSINESS_EVENTS_GROUP, event),
      BusinessProfileUpdated: (event) => applyBusinessEvent(deps, BUSINESS_EVENTS_GROUP, event),
    },
  };
}
