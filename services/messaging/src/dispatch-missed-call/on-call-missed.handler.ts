import type { ConsumerDefinition } from "@rebound/platform";
import type { MessagingDeps } from "../messaging-deps";
import { dispatchMissedCall } from "./dispatch-missed-call.use-case";

export const DISPATCH_GROUP = "messaging.dispatch";

/** The hot path: a missed call is decided from memory and texted or suppressed (dispatchMissedCall). */
export function onCallMissedHandler(deps: MessagingDeps): ConsumerDefinition {
  return {
    group: DISPATCH_GROUP,
    // The caller waits for this text: no fetch wait longer than the bus's shortest.
    latencySensitive: true,
    handlers: {
      CallMissed: (event) => dispatchMissedCall(deps, event),
    },
  };
}
