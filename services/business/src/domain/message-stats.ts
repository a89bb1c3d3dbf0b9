// How long each message is once sent, so the UI can warn before a text costs extra segments.

import { buildPlaceholderValues, countSmsSegments, renderMessage, type SmsEncoding } from "@rebound/contracts/domain";
import type { BusinessProfile, BusinessSettings } from "./business";

export interface MessageStats {
  encoding: SmsEncoding;
  /** True when a character outside GSM-7 (an emoji, a curly quote) makes segments 70/67 long instead of 160/153. */
  needsUcs2: boolean;
  characters: number;
  segments: number;
  perSegment: number;
}

export type MessageField = "smsMessage" | "afterHoursMessage" | "smsAutoReplyMessage";

export const MESSAGE_FIELDS: readonly MessageField[] = ["smsMessage", "afterHoursMessage", "smsAutoReplyMessage"];

/**
 * Counts each message as a caller would receive it at `at`: placeholders filled with this
 * business's own values by the shared renderer, exactly as the SMS sender does.
 */
export function messageStats(settings: BusinessSettings, profile: BusinessProfile, at: Date): Record<MessageField, MessageStats> {
  const values = buildPlaceholderValues(
    {
      businessName: profile.businessName,
      website: profile.website,
      email: profile.email,
      emergencyNumber: profile.emergencyNumber,
      businessHours: settings.businessHours,
      timeZone: settings.timeZone,
    },
    at,
  );
  const stats = (template: string): MessageStats => {
    const count = countSmsSegments(renderMessage(template, values));
    return { ...count, needsUcs2: count.encoding === "UCS-2" };
  };
  return {
    smsMessage: stats(settings.smsMessage),
    afterHoursMessage: stats(settings.afterHoursMessage),
    smsAutoReplyMessage: stats(settings.smsAutoReplyMessage),
  };
}
