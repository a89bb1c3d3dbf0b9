// PATCH /api/business/profile: who the business is. The product requires businessName and
// businessPhone (section 3) but has no form for them; Settings sends this payload.

import { z } from "zod";
import { optionalPhoneNumber, optionalText, PHONE_EXAMPLE, phoneNumber, requiredText } from "../http/schema-helpers";
import type { ProfileChange } from "../domain/profile-change";

const BUSINESS_PHONE_INVALID = `Business phone must be a valid phone number, ${PHONE_EXAMPLE}`;
const EMERGENCY_NUMBER_INVALID = `Emergency number must be a valid phone number, ${PHONE_EXAMPLE}`;
const WEBSITE_INVALID = "Website must be a web address, such as example.com";

/** "example.com", "www.example.com/menu" or "https://example.com"; kept as typed, since it is texted as is. */
function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return (url.protocol === "https:" || url.protocol === "http:") && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

const businessPhone = z
  .string({ error: "Business phone is required" })
  .trim()
  .min(1, { error: "Business phone is required", abort: true })
  .pipe(phoneNumber(BUSINESS_PHONE_INVALID));

export const updateProfileSchema = z
  .object(
    {
      businessName: requiredText("Business name is required", 100, "Business name must be at most 100 characters"),
      businessPhone,
      website: optionalText(255, "Website must be at most 255 characters", WEBSITE_INVALID).refine(
        (value) => value === undefined || value === "" || isWebAddress(value),
        WEBSITE_INVALID,
      ),
      email: optionalText(255, "Email must be at most 255 characters", "Invalid email address")
        .refine((value) => value === undefined || value === "" || z.email().safeParse(value).success, "Invalid email address")
        .transform((value) => value?.toLowerCase()),
      emergencyNumber: optionalPhoneNumber(EMERGENCY_NUMBER_INVALID),
    },
    { error: "Request body must be a JSON object" },
  )
  .transform((input): ProfileChange => input);
