import type { VoiceNoTextAnswerName, WeeklyHours } from "@rebound/contracts/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";
import { businessQueryOptions, type Business } from "./get-business";

/** POST /api/business (docs/product.md section 7), plus the optional extras business accepts. */
export interface BusinessSettingsPayload {
  customMessage: string;
  afterHoursMessage: string;
  afterHoursEnabled: boolean;
  smsAutoReplyEnabled: boolean;
  smsAutoReplyMessage: string;
  timeZone: string;
  businessHours: WeeklyHours;
  isActive: boolean;
  duplicateWindowHours?: number;
  ownerAlertsEnabled?: boolean;
  forwardingAlertsEnabled?: boolean;
  /** Holidays, "YYYY-MM-DD"; omitted: unchanged. */
  closedDates?: string[];
  doNotTextNumbers?: string[];
  averageClientValue?: number;
  closeRate?: number;
  allowInternationalCallers?: boolean;
  textLikelySpoofedCallers?: boolean;
  voiceTextMessage?: string;
  voiceNoTextMessage?: string;
  voiceNoTextAnswer?: VoiceNoTextAnswerName;
  voicemailEnabled?: boolean;
  /** The owner's mobile for callers' replies and voicemails, as typed (business normalises it to E.164); "" or null: off; omitted: unchanged. */
  inboxForwardNumber?: string | null;
}

/** The spec's full payload from the stored business, with some fields changed (the endpoint always wants every spec field). */
export function settingsPayload(business: Business, change: Partial<BusinessSettingsPayload> = {}): BusinessSettingsPayload {
  return {
    customMessage: business.smsMessage,
    afterHoursMessage: business.afterHoursMessage,
    afterHoursEnabled: business.afterHoursEnabled,
    smsAutoReplyEnabled: business.smsAutoReplyEnabled,
    smsAutoReplyMessage: business.smsAutoReplyMessage,
    timeZone: business.timeZone,
    businessHours: business.businessHours,
    isActive: business.isActive,
    ...change,
  };
}

export function updateBusiness(payload: BusinessSettingsPayload): Promise<Business> {
  return api.post<Business>("/api/business", payload);
}

/** Saves the settings; the business data is refetched (docs/product.md section 7). */
export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusiness,
    onSuccess: (business) => {
      queryClient.setQueryData(businessQueryOptions().queryKey, business);
      void queryClient.invalidateQueries({ queryKey: businessQueryOptions().queryKey });
    },
  });
}

/** docs/product.md section 8: the save toasts. */
export const SETTINGS_SAVED = { title: "Settings Saved", description: "Your business settings have been updated successfully." } as const;
export const SETTINGS_SAVE_FAILED = "Failed to save settings. Please try again.";
