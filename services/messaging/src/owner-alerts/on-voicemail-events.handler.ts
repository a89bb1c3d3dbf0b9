import type { ConsumerDefinition } from "@rebound/platform";
import type { MessagingDeps } from "../messaging-deps";
import { recordVoicemailAlert } from "./record-voicemail-alert.use-case";

export const OWNER_ALERTS_GROUP = "messaging.owner-alerts";

/** Voicemails (telephony's topic) for the owner's e-mail and the text to their mobile. */
export function onVoicemailEventsHandler(deps: MessagingDeps): ConsumerDefinition {
  return {
    group: OWNER_ALERTS_GROUP,
    handlers: {
      VoicemailRecorded: (event) => recordVoicemailAlert(deps, event),
      VoicemailTranscribed: (event) => recordVoicemailAlert(deps, event),
    },
  };
}
