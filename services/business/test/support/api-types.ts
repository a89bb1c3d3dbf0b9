export type { BusinessResponse } from "../../src/http/business-response";

export interface ErrorBody {
  message: string;
  code: string;
  errors?: { field: string; message: string }[];
}

/** The spec's POST /api/business payload, as the Configure form sends it. */
export function specSettingsPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customMessage: "Thanks for calling [Business Name]! We'll call you right back.",
    afterHoursMessage: "We're closed. We're back [OPEN_TIME].",
    afterHoursEnabled: true,
    smsAutoReplyEnabled: false,
    smsAutoReplyMessage: "This number does not take replies.",
    timeZone: "America/Chicago",
    businessHours: {
      monday: { open: "08:00", close: "18:00", enabled: true },
      tuesday: { open: "08:00", close: "18:00", enabled: true },
      wednesday: { open: "08:00", close: "18:00", enabled: true },
      thursday: { open: "08:00", close: "18:00", enabled: true },
      friday: { open: "22:00", close: "02:00", enabled: true },
      saturday: { open: "10:00", close: "14:00", enabled: true },
      sunday: { open: "10:00", close: "16:00", enabled: false },
    },
    isActive: true,
    ...overrides,
  };
}
