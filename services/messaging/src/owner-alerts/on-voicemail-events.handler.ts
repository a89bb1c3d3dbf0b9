import type { ConsumerDefinition } from "@rebound/platform";
import type { MessagingDeps } from "../messaging-deps";
import { recordForwardingAlert } from "./record-forwarding-alert.use-case";
import { recordVoicemailAlert } from "./record-voicemail-alert.use-case";

export const OWNER_ALERTS_GROUP = "messaging.owner-alerts";
/** The processed-event marks of the forwarding e-mails (their own, beside the voicemail alerts' rows). */
export const FORWARDING_ALERTS_CONSUMER = "messaging.forwarding-alerts";

/**
 * Telephony's events for the owner: voicemails (the e-mail and the text to their mobile) and the forwarding
 * watchdog's changes (docs/forwarding-watchdog.md). One group, not one per alert: each group of a service
 * is a Kafka consumer that polls the broker on its own (docs/decisions.md, issue 27).
 */
export function onVoicemailEventsHandler(deps: MessagingDeps): ConsumerDefinition {
  return {
    group: OWNER_ALERTS_GROUP,
    handlers: {
      VoicemailRecorded: (event) => recordVoicemailAlert(deps, event),
      VoicemailTranscribed: (event) => recordVoicemailAlert(deps, event),
      ForwardingStatusChanged: (event) => recordForwardingAlert(deps, FORWARDING_ALERTS_CONSUMER, event),
    },
  };
}
