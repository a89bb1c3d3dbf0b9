import { entitlementStatusOf } from "@rebound/contracts";
import { statusAtSignup } from "@rebound/contracts/domain";
import type { ConsumerDefinition } from "@rebound/platform";
import type { EntitlementRecord } from "../store/entitlement.repository";
import type { TelephonyTx } from "../store/telephony-db";
import type { TelephonyDeps } from "../telephony-deps";

export const ENTITLEMENTS_GROUP = "telephony.entitlements";

/**
 * What each user's subscription allows, for the number purchase and the voice answer: UserRegistered
 * gives the sign-up's status (trialing with a confirmed card, none without), SubscriptionChanged
 * billing's, which always wins. Persisted with the processed mark, then put in the directory.
 */
export function onEntitlementEventsHandler(deps: TelephonyDeps): ConsumerDefinition {
  const apply = async (eventId: string, save: (tx: TelephonyTx) => Promise<EntitlementRecord>) => {
    let record: EntitlementRecord | undefined;
    await deps.db.processOnce(ENTITLEMENTS_GROUP, eventId, async (tx) => {
      record = await save(tx);
    });
    if (record) deps.sync.directory.putEntitlement(record);
  };
  return {
    group: ENTITLEMENTS_GROUP,
    handlers: {
      UserRegistered: async ({ id, payload }) => {
        await apply(id, (tx) => deps.entitlements.saveFromSignup(tx, payload.userId, statusAtSignup(payload.paymentMethodId)));
      },
      SubscriptionChanged: async ({ id, payload }) => {
        await apply(id, (tx) => deps.entitlements.saveFromBilling(tx, payload.userId, entitlementStatusOf(payload.status)));
      },
    },
  };
}
