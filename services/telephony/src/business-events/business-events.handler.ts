import type { ConsumerDefinition } from "@rebound/platform";
import { businessDirectoryRepository, type BusinessRecord } from "../store/business-directory.repository";
import type { TelephonyContext } from "../telephony-context";

export const BUSINESS_EVENTS_GROUP = "telephony.businesses";

/**
 * Telephony's view of businesses: owner (user -> business, for the API),
 * business phone, and whether missed calls are answered with the spoken message
 * (BusinessSettings.auto_reply_enabled; a business without settings yet answers).
 * Persisted with the processed mark, then put in the in-memory directory.
 */
export function businessEventsConsumer(context: TelephonyContext): ConsumerDefinition {
  const apply = async (eventId: string, businessId: string, userId: string, changes: Partial<Pick<BusinessRecord, "businessPhone" | "answerCalls">>) => {
    let record: BusinessRecord | undefined;
    await context.db.processOnce(BUSINESS_EVENTS_GROUP, eventId, async (tx) => {
      record = await businessDirectoryRepository.upsert(tx, businessId, userId, changes);
    });
    if (record) context.sync.directory.putBusiness(record);
  };

  return {
    group: BUSINESS_EVENTS_GROUP,
    handlers: {
      BusinessCreated: async (event) => {
        const { businessId, userId, profile, settings } = event.payload;
        await apply(event.id, businessId, userId, {
          businessPhone: profile?.businessPhone ?? "",
          answerCalls: settings ? settings.autoReplyEnabled : true,
        });
      },
      BusinessSettingsUpdated: async (event) => {
        const { businessId, userId, settings } = event.payload;
        await apply(event.id, businessId, userId, settings ? { answerCalls: settings.autoReplyEnabled } : {});
      },
      BusinessProfileUpdated: async (event) => {
        const { businessId, userId, profile } = event.payload;
        await apply(event.id, businessId, userId, profile ? { businessPhone: profile.businessPhone } : {});
      },
    },
  };
}
