import { businessV1 } from "@rebound/contracts";
import { DEFAULT_VOICE_NO_TEXT_ANSWER, type VoiceNoTextAnswerName } from "@rebound/contracts/domain";
import type { ConsumerDefinition } from "@rebound/platform";
import type { BusinessChanges, BusinessRecord } from "../store/business-directory.repository";
import type { TelephonyDeps } from "../telephony-deps";

export const BUSINESS_EVENTS_GROUP = "telephony.businesses";

function noTextAnswer(answer: businessV1.VoiceNoTextAnswer): VoiceNoTextAnswerName {
  switch (answer) {
    case businessV1.VoiceNoTextAnswer.SILENCE:
      return "silence";
    case businessV1.VoiceNoTextAnswer.REJECT:
      return "reject";
    default:
      return DEFAULT_VOICE_NO_TEXT_ANSWER;
  }
}

/** The settings the voice answer reads (a snapshot: every field is in every event). */
function callSettings(settings: businessV1.BusinessSettings): BusinessChanges {
  return {
    answerCalls: settings.autoReplyEnabled,
    isActive: settings.isActive,
    doNotTextNumbers: [...settings.doNotTextNumbers],
    allowInternationalCallers: settings.allowInternationalCallers,
    textLikelySpoofedCallers: settings.textLikelySpoofedCallers,
    voiceTextMessage: settings.voiceTextMessage,
    voiceNoTextMessage: settings.voiceNoTextMessage,
    voiceNoTextAnswer: noTextAnswer(settings.voiceNoTextAnswer),
  };
}

/**
 * Telephony's view of businesses: owner (user -> business, for the API),
 * business phone, whether missed calls are answered at all
 * (BusinessSettings.auto_reply_enabled; a business without settings yet answers),
 * and what the voice answer needs to foresee messaging's caller rules (automation on,
 * do-not-text numbers, the owner's international / likely-spoofed choices) and say.
 * Persisted with the processed mark, then put in the in-memory directory.
 */
export function onBusinessEventsHandler(deps: TelephonyDeps): ConsumerDefinition {
  const apply = async (eventId: string, businessId: string, userId: string, changes: BusinessChanges) => {
    let record: BusinessRecord | undefined;
    await deps.db.processOnce(BUSINESS_EVENTS_GROUP, eventId, async (tx) => {
      record = await deps.businesses.upsert(tx, businessId, userId, changes);
    });
    if (record) deps.sync.directory.putBusiness(record);
  };

  return {
    group: BUSINESS_EVENTS_GROUP,
    handlers: {
      BusinessCreated: async (event) => {
        const { businessId, userId, profile, settings } = event.payload;
        await apply(event.id, businessId, userId, {
          businessPhone: profile?.businessPhone ?? "",
          ...(settings ? callSettings(settings) : { answerCalls: true }),
        });
      },
      BusinessSettingsUpdated: async (event) => {
        const { businessId, userId, settings } = event.payload;
        await apply(event.id, businessId, userId, settings ? callSettings(settings) : {});
      },
      BusinessProfileUpdated: async (event) => {
        const { businessId, userId, profile } = event.payload;
        await apply(event.id, businessId, userId, profile ? { businessPhone: profile.businessPhone } : {});
      },
    },
  };
}
