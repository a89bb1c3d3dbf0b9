import { entitlementStatusOf, type EventEnvelope } from "@rebound/contracts";
import { statusAtSignup } from "@rebound/contracts/domain";
import type { EntitlementRecord } from "../store/entitlement.repository";
import type { TelephonyTx } from "../store/telephony-db";
import type { TelephonyDeps } from "../telephony-deps";

/** The events a user's entitlement is built from. */
export type EntitlementEvent = EventEnvelope<"UserRegistered"> | EventEnvelope<"SubscriptionChanged">;

/**
 * What each user's subscription allows, for the number purchase and the voice answer: UserRegistered
 * gives the sign-up's status (trialing with a confirmed card, none without), SubscriptionChanged
 * billing's, which always wins. Persisted with the processed mark, then put in the directory.
 */
export async function applyEntitlementEvent(deps: TelephonyDeps, consumer: string, event: EntitlementEvent): Promise<void> {
  const save = saverOf(deps, event);
  let record: EntitlementRecord | undefined;
  await deps.db.processOnce(consumer, event.id, async (tx) => {
    record = await save(tx);
  });
  if (record) deps.sync.directory.putEntitlement(record);
}

function saverOf(deps: TelephonyDeps, event: EntitlementEvent): (tx: TelephonyTx) => Promise<EntitlementRecord> {
  switch (event.type) {
    case "UserRegistered": {
      const { userId, paymentMethodId } = event.payload;
      return (tx) => deps.entitlements.saveFromSignup(tx, userId, statusAtSignup(paymentMethodId));
    }
    case "SubscriptionChanged": {
      const { userId, status } = event.payload;
      return (tx) => deps.entitlements.saveFromBilling(tx, userId, entitlementStatusOf(status));
    }
    default: {
      const unexpected: never = event;
      throw new Error(`unexpected entitlement event ${JSON.stringify(unexpected)}`);
    }
  }
}
