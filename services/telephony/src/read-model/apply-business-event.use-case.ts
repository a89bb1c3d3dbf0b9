import { businessV1, weeklyHoursFromEvent, type EventEnvelope } from "@rebound/contracts";
import { DEFAULT_VOICE_NO_TEXT_ANSWER, type VoiceNoTextAnswerName } from "@rebound/contracts/domain";
import type { BusinessChanges, BusinessRecord } from "../store/business-directory.repository";
import type { TelephonyDeps } from "../telephony-deps";

/** The business events telephony's view of businesses is built from. */
export type BusinessEvent = EventEnvelope<"BusinessCreated"> | EventEnvelope<"BusinessSettingsUpdated"> | EventEnvelope<"BusinessProfileUpdated">;

/**
 * Telephony's view of businesses: owner (user -> business, for the API),
 * business phone, whether missed calls are answered at all
 * (BusinessSettings.auto_reply_enabled; a business without settings yet answers), whether the
 * answer records a voicemail (BusinessSettings.voicemail_enabled; absent: off),
 * and what the voice answer needs to foresee messaging's caller rules (automation on,
 * do-not-text numbers, the owner's international / likely-spoofed choices) and say.
 * Persisted with the processed mark, then put in the in-memory directory.
 */
export async function applyBusinessEvent(deps: TelephonyDeps, consumer: string, event: BusinessEvent): Promise<void> {
  const { businessId, userId } = event.payload;
  const changes = changesOf(event);
  let record: BusinessRecord | undefined;
  await deps.db.processOnce(consumer, event.id, async (tx) => {
    record = await deps.businesses.upsert(tx, businessId, userId, changes);
  });
  if (record) deps.sync.directory.putBusiness(record);
}

function changesOf(event: BusinessEvent): BusinessChanges {
  switch (event.type) {
    case "BusinessCreated": {
      const { profile, settings } = event.payload;
      return {
        businessPhone: profile?.businessPhone ?? "",
        ...(profile ? profileTexts(profile) : {}),
        ...(settings ? callSettings(settings) : { answerCalls: true }),
      };
    }
    case "BusinessSettingsUpdated":
      return event.payload.settings ? callSettings(event.payload.settings) : {};
    case "BusinessProfileUpdated":
      return event.payload.profile ? { businessPhone: event.payload.profile.businessPhone, ...profileTexts(event.payload.profile) } : {};
    default: {
      const unexpected: never = event;
      throw new Error(`unexpected business event ${JSON.stringify(unexpected)}`);
    }
  }
}

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
    // Absent in the events of businesses created before voicemail existed: off (new businesses send true).
    voicemailEnabled: settings.voicemailEnabled ?? false,
    // The texting registration's campaign samples are built from the business's own texts.
    smsMessage: settings.smsMessage,
    afterHoursMessage: settings.afterHoursMessage,
    afterHoursEnabled: settings.afterHoursEnabled,
    // The forwarding watchdog's inputs (docs/forwarding-watchdog.md). Alerts absent (older events): on.
    ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
    ...(settings.businessHours.length > 0 ? { businessHours: weeklyHoursFromEvent(settings.businessHours) } : {}),
    forwardingAlertsEnabled: settings.forwardingAlertsEnabled ?? true,
    closedDates: [...settings.closedDates],
  };
}

/** The profile fields the texting registration's samples name (the business, its placeholders). */
function profileTexts(profile: businessV1.BusinessProfile): BusinessChanges {
  return {
    businessName: profile.businessName,
    ownerName: profile.ownerName,
    website: profile.website,
    email: profile.email,
    emergencyNumber: profile.emergencyNumber,
  };
}
