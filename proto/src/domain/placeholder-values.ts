// Builds the placeholder values for one business at one instant, so the SMS sender and the UI
// preview derive [OPEN_TIME] and [BUSINESS_HOURS] the same way and render identical text.

import { nextOpening, type WeeklyHours } from "./business-hours";
import { formatBusinessHours, formatNextOpening } from "./business-hours-format";
import type { PlaceholderValues } from "./placeholders";

export interface PlaceholderSource {
  businessName?: string;
  website?: string;
  email?: string;
  emergencyNumber?: string;
  businessHours: WeeklyHours;
  /** IANA name, e.g. "America/New_York". */
  timeZone: string;
}

/**
 * Values for renderMessage: the text fields as given, openTime from the next opening after `at`
 * in the business's time zone ("tomorrow at 9:00 AM", empty if it never opens) and the weekly
 * hours summary. Throws RangeError for an unknown time zone.
 */
export function buildPlaceholderValues(source: PlaceholderSource, at: Date): PlaceholderValues {
  return {
    businessName: source.businessName ?? "",
    website: source.website ?? "",
    email: source.email ?? "",
    emergencyNumber: source.emergencyNumber ?? "",
    openTime: formatNextOpening(nextOpening(source.businessHours, source.timeZone, at)),
    businessHours: formatBusinessHours(source.businessHours),
  };
}
