import type { ConsumerDefinition } from "@rebound/platform";
import type { MessagingDeps } from "../messaging-deps";
import { dispatchMissedCall } from "./dispatch-missed-call.use-case";

export const DISPATCH_GROUP = "messaging.dispatch";

/**
 * No processOnce here: call_dispatches (unique per call id) is this consumer's idempotency
 * key, which also covers a second CallMissed for the same call under a new event id.
 */
export function onCallMissedHandler(deps: MessagingDeps): ConsumerDefinition {
  return {
    group: DISPATCH_GROUP,
    handlers: {
      CallMissed: ({ id, payload }) =>
        dispatchMissedCall(deps, {
          eventId: id,
          businessId: payload.businessId,
          callId: payload.callId || payload.callSid,
          callerNumber: payload.callerNumber,
          dedicatedNumber: payload.dedicatedNumber,
          stirVerstat: payload.stirVerstat,
        }),
    },
  };
}
