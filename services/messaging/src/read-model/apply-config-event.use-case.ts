// Feeds the dispatch config from business, telephony, identity and billing events:
// each event's effect is written to messaging's tables (exactly once, processOnce) and
// then applied to memory.
import { entitlementStatusOf, planName, type EventEnvelope } from "@rebound/contracts";
import { statusAtSignup } from "@rebound/contracts/domain";
import { toDispatchProfile, toDispatchSettings } from "../domain/config-from-events";
import type { MessagingDeps } from "../messaging-deps";
import type { MessagingDb } from "../store/messaging-db";

/** The events the dispatch config is built from. */
export type ConfigEvent =
  | EventEnvelope<"BusinessCreated">
  | EventEnvelope<"BusinessSettingsUpdated">
  | EventEnvelope<"BusinessProfileUpdated">
  | EventEnvelope<"PhoneNumberPurchased">
  | EventEnvelope<"PhoneNumberReleased">
  | EventEnvelope<"UserRegistered">
  | EventEnvelope<"SubscriptionChanged">;

const userPatch = (userId: string) => (userId ? { userId } : {});

export async function applyConfigEvent(
  { db, readModel, configs }: Pick<MessagingDeps, "db" | "readModel" | "configs">,
  consumer: string,
  event: ConfigEvent,
): Promise<void> {
  const once = (write: Parameters<MessagingDb["processOnce"]>[2]) => db.processOnce(consumer, event.id, write);
  switch (event.type) {
    case "BusinessCreated": {
      const { payload } = event;
      const settings = toDispatchSettings(payload.settings);
      const profile = toDispatchProfile(payload.profile);
      await once(async (tx) => {
        await configs.saveSettings(tx, payload.businessId, payload.userId, settings);
        await configs.saveProfile(tx, payload.businessId, payload.userId, profile);
      });
      readModel.patchBusiness(payload.businessId, { settings, profile, ...userPatch(payload.userId) });
      return;
    }
    case "BusinessSettingsUpdated": {
      const { payload } = event;
      const settings = toDispatchSettings(payload.settings);
      await once((tx) => configs.saveSettings(tx, payload.businessId, payload.userId, settings));
      readModel.patchBusiness(payload.businessId, { settings, ...userPatch(payload.userId) });
      return;
    }
    case "BusinessProfileUpdated": {
      const { payload } = event;
      const profile = toDispatchProfile(payload.profile);
      await once((tx) => configs.saveProfile(tx, payload.businessId, payload.userId, profile));
      readModel.patchBusiness(payload.businessId, { profile, ...userPatch(payload.userId) });
      return;
    }
    case "PhoneNumberPurchased": {
      const { payload } = event;
      await once((tx) => configs.saveDedicatedNumber(tx, payload.businessId, payload.userId, payload.phoneNumber, payload.accountSid));
      readModel.patchBusiness(payload.businessId, {
        dedicatedNumber: payload.phoneNumber,
        accountSid: payload.accountSid || undefined,
        ...userPatch(payload.userId),
      });
      return;
    }
    case "PhoneNumberReleased": {
      const { payload } = event;
      await once((tx) => configs.releaseDedicatedNumber(tx, payload.businessId, payload.phoneNumber));
      if (readModel.business(payload.businessId)?.dedicatedNumber === payload.phoneNumber) {
        readModel.patchBusiness(payload.businessId, { dedicatedNumber: undefined, accountSid: undefined });
      }
      return;
    }
    case "UserRegistered": {
      const { payload } = event;
      const view = { plan: planName(payload.plan), status: statusAtSignup(payload.paymentMethodId), source: "signup" } as const;
      await once((tx) => configs.saveSignupSubscription(tx, payload.userId, view));
      if (readModel.subscription(payload.userId)?.source !== "billing") readModel.putSubscription(payload.userId, view);
      return;
    }
    case "SubscriptionChanged": {
      const { payload } = event;
      const view = { plan: planName(payload.plan), status: entitlementStatusOf(payload.status), source: "billing" } as const;
      await once((tx) => configs.saveBillingSubscription(tx, payload.userId, view));
      readModel.putSubscription(payload.userId, view);
      return;
    }
    default: {
      const unexpected: never = event;
      throw new Error(`unexpected config event ${JSON.stringify(unexpected)}`);
    }
  }
}
