import { timestampDate } from "@rebound/contracts";
import type { EventHandler } from "@rebound/platform";
import type { BusinessDeps } from "../business-deps";
import { applyNumberFact } from "./apply-number-fact.use-case";

export function onPhoneNumberPurchased(deps: BusinessDeps, consumer: string): EventHandler<"PhoneNumberPurchased"> {
  return async (event) => {
    const { businessId, phoneNumber, providerSid, country, purchasedAt } = event.payload;
    await applyNumberFact(deps, consumer, event.id, businessId, {
      type: "purchased",
      phoneNumber,
      sid: providerSid,
      country,
      at: purchasedAt ? timestampDate(purchasedAt) : event.occurredAt,
    });
  };
}
