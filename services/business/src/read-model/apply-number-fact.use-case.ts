import { telephonyV1, timestampDate, type EventEnvelope } from "@rebound/contracts";
import type { BusinessDeps } from "../business-deps";
import type { ForwardingTestStatusName } from "../domain/business";
import { evolveNumberView, type NumberFact } from "../domain/number-view";

/** The telephony events the business's number view is built from. */
export type TelephonyEvent = EventEnvelope<"PhoneNumberPurchased"> | EventEnvelope<"PhoneNumberReleased"> | EventEnvelope<"ForwardingTestCompleted">;

/**
 * Folds one telephony event into the business's number view. Telephony keys its events by
 * business id, so they arrive in order; processOnce makes a redelivery a no-op.
 */
export async function applyTelephonyEvent(deps: BusinessDeps, consumer: string, event: TelephonyEvent): Promise<void> {
  await applyNumberFact(deps, consumer, event.id, event.payload.businessId, numberFactOf(event));
}

function numberFactOf(event: TelephonyEvent): NumberFact {
  switch (event.type) {
    case "PhoneNumberPurchased": {
      const { phoneNumber, providerSid, country, purchasedAt } = event.payload;
      return { type: "purchased", phoneNumber, sid: providerSid, country, at: purchasedAt ? timestampDate(purchasedAt) : event.occurredAt };
    }
    case "PhoneNumberReleased": {
      const { phoneNumber, providerSid } = event.payload;
      return { type: "released", phoneNumber, sid: providerSid };
    }
    case "ForwardingTestCompleted": {
      const { status, completedAt } = event.payload;
      return { type: "forwardingTested", status: statusName(status), at: completedAt ? timestampDate(completedAt) : event.occurredAt };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`unexpected telephony event ${JSON.stringify(unexpected)}`);
    }
  }
}

function statusName(status: telephonyV1.ForwardingTestStatus): ForwardingTestStatusName | null {
  switch (status) {
    case telephonyV1.ForwardingTestStatus.SUCCESS:
      return "success";
    case telephonyV1.ForwardingTestStatus.FAILED:
      return "failed";
    case telephonyV1.ForwardingTestStatus.UNSPECIFIED:
      return null;
    default:
      return unknownStatus(status);
  }
}

/** Compile-time exhaustiveness; at run time a status added to the contract later is ignored. */
function unknownStatus(_status: never): null {
  return null;
}

export async function applyNumberFact(deps: BusinessDeps, consumer: string, eventId: string, businessId: string, fact: NumberFact): Promise<void> {
  await deps.db.processOnce(consumer, eventId, async (tx) => {
    const business = await deps.businesses.lockById(tx, businessId);
    if (!business) {
      deps.logger.warn({ eventId, businessId, fact: fact.type }, "telephony event for an unknown business ignored");
      return;
    }
    const next = evolveNumberView(business.number, fact);
    if (next !== business.number) await deps.businesses.saveNumberView(tx, business.id, next, deps.clock.now());
  });
}
