// Feeds the dispatch config from business, telephony, identity and billing events:
// each event's effect is written to messaging's tables (exactly once, processOnce) and
// then applied to memory.
import { entitlementStatusOf, planName } from "@rebound/contracts";
import { statusAtSignup } from "@rebound/contracts/domain";
import type { ConsumerDefinition } from "@rebound/platform";
import { toDispatchProfile, toDispatchSettings } from "../domain/config-from-events";
import type { MessagingDeps } from "../messaging-deps";
import type { MessagingDb } from "../store/messaging-db";

export const DISPATCH_CONFIG_GROUP = "messaging.dispatch-config";

const userPatch = (userId: string) => (userId ? { userId } : {});

export function onConfigEventsHandler({ db, readModel, configs }: MessagingDeps): ConsumerDefinition {
  const once = (eventId: string, write: Parameters<MessagingDb["processOnce"]>[2]) =>
    db.processOnce(DISPATCH_CONFIG_GROUP, eventId, write);

  return {
    group: DISPATCH_CONFIG_GROUP,
    handlers: {
      BusinessCreated: async ({ id, payload }) => {
        const settings = toDispatchSettings(payload.settings);
        const profile = toDispatchProfile(payload.profile);
        await once(id, async (tx) => {
          await configs.saveSettings(tx, payload.businessId, payload.userId, settings);
          await configs.saveProfile(tx, payload.businessId, payload.userId, profile);
        });
        readModel.patchBusiness(payload.businessId, { settings, profile, ...userPatch(payload.userId) });
      },
      BusinessSettingsUpdated: async ({ id, payload }) => {
        const settings = toDispatchSettings(payload.settings);
        await once(id, (tx) => configs.saveSettings(tx, payload.businessId, payload.userId, settings));
        readModel.patchBusiness(payload.businessId, { settings, ...userPatch(payload.userId) });
      },
      BusinessProfileUpdated: async ({ id, payload }) => {
        const profile = toDispatchProfile(payload.profile);
        await once(id, (tx) => configs.saveProfile(tx, payload.businessId, payload.userId, profile));
        readModel.patchBusiness(payload.businessId, { profile, ...userPatch(payload.userId) });
      },
      PhoneNumberPurchased: async ({ id, payload }) => {
        await once(id, (tx) =>
          configs.saveDedicatedNumber(tx, payload.businessId, payload.userId, payload.phoneNumber),
        );
        readModel.patchBusiness(payload.businessId, { dedicatedNumber: payload.phoneNumber, ...userPatch(payload.userId) });
      },
      PhoneNumberReleased: async ({ id, payload }) => {
        await once(id, (tx) => configs.releaseDedicatedNumber(tx, payload.businessId, payload.phoneNumber));
        if (readModel.business(payload.businessId)?.dedicatedNumber === payload.phoneNumber) {
          readModel.patchBusiness(payload.businessId, { dedicatedNumber: undefined });
        }
      },
      UserRegistered: async ({ id, payload }) => {
        const view = { plan: planName(payload.plan), status: statusAtSignup(payload.paymentMethodId), source: "signup" } as const;
        await once(id, (tx) => configs.saveSignupSubscription(tx, payload.userId, view));
        if (readModel.subscription(payload.userId)?.source !== "billing") readModel.putSubscription(payload.userId, view);
      },
      SubscriptionChanged: async ({ id, payload }) => {
        const view = {
          plan: planName(payload.plan),
          status: entitlementStatusOf(payload.status),
          source: "billing",
        } as const;
        await once(id, (tx) => configs.saveBillingSubscription(tx, payload.userId, view));
        readModel.putSubscription(payload.userId, view);
      },
    },
  };
}
