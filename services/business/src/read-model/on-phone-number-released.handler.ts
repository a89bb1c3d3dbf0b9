import type { EventHandler } from "@rebound/platform";
import type { BusinessDeps } from "../business-deps";
import { applyNumberFact } from "./apply-number-fact.use-case";

export function onPhoneNumberReleased(deps: BusinessDeps, consumer: string): EventHandler<"PhoneNumberReleased"> {
  return async (event) => {
    const { businessId, phoneNumber, providerSid } = event.payload;
    await applyNumberFact(deps, consumer, event.id, businessId, { type: "released", phoneNumber, sid: providerSid });
  };
}
