import type { BusinessDeps } from "../business-deps";
import { evolveNumberView, type NumberFact } from "../domain/number-view";

/**
 * Folds one telephony fact into the business's number view. Telephony keys its events by
 * business id, so they arrive in order; processOnce makes a redelivery a no-op.
 */
export async function applyNumberFact(
  deps: BusinessDeps,
  consumer: string,
  eventId: string,
  businessId: string,
  fact: NumberFact,
): Promise<void> {
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
