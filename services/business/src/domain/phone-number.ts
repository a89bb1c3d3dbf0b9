// Phone numbers as the business enters them, normalised to E.164.

import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** The product serves the US and Canada; both share +1, so national numbers parse as US. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "US";

/**
 * '(212) 555-0123', '212.555.0123', '+1 212 555 0123' => '+12125550123'; numbers with another
 * country code are kept ('+44 20 7946 0958' => '+442079460958'). Null when the number is not a
 * valid, dialable number for its country (wrong length, unassigned area code, letters).
 */
export function toE164(value: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return parsed && parsed.isValid() ? parsed.number : null;
}
