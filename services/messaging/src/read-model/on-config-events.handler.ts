import type { ConsumerDefinition } from "@rebound/platform";
import type { MessagingDeps } from "../messaging-deps";
import { applyConfigEvent } from "./apply-config-event.use-case";
import { recordTextingRegistration } from "./record-texting-registration.use-case";

export const DISPATCH_CONFIG_GROUP = "messaging.dispatch-config";

/**
 * The dispatch config (business settings and profile, dedicated number and its account, subscription,
 * texting registration) from other services' events. TextingRegistrationChanged shares this group
 * with PhoneNumberPurchased/Released (the same topic and key: in order per business).
 */
export function onConfigEventsHandler(deps: MessagingDeps): ConsumerDefinition {
  const apply = (event: Parameters<typeof applyConfigEvent>[2]) => applyConfigEvent(deps, DISPATCH_CONFIG_GROUP, event);
  return {
    group: DISPATCH_CONFIG_GROUP,
    handlers: {
      BusinessCreated: apply,
      BusinessSettingsUpdated: apply,
      BusinessProfileUpdated: apply,
      PhoneNumberPurchased: apply,
      PhoneNumberReleased: apply,
      UserRegistered: apply,
      SubscriptionChanged: apply,
      TextingRegistrationChanged: (event) => recordTextingRegistration(deps, DISPATCH_CONFIG_GROUP, event),
    },
  };
}
