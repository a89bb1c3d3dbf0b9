// zod building blocks shared by this service's request schemas, carrying the messages users see.

import { z } from "zod";
import { toE164 } from "../domain/phone-number";

export const PHONE_EXAMPLE = "such as (212) 555-0123 or +44 20 7946 0958";

/** A string that must not be blank once trimmed; the one message covers missing, wrong type and blank. */
export function requiredText(message: string, maxLength: number, tooLong: string) {
  return z
    .string({ error: message })
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: "custom", message });
      else if (value.length > maxLength) ctx.addIssue({ code: "custom", message: tooLong });
    });
}

/** Optional text: undefined keeps the stored value, null or "" clears it. */
export function optionalText(maxLength: number, tooLong: string, typeMessage: string) {
  return z
    .string({ error: typeMessage })
    .trim()
    .max(maxLength, tooLong)
    .nullish()
    .transform((value) => (value === null ? "" : value));
}

export function booleanField(message: string) {
  return z.boolean({ error: message });
}

/** A phone number normalised to E.164; `invalid` when it is not a valid number. */
export function phoneNumber(invalid: string) {
  return z.string({ error: invalid }).transform((value, ctx) => {
    const e164 = toE164(value);
    if (e164 === null) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return e164;
  });
}

/** Optional phone number: undefined keeps the stored value, null or "" clears it, anything else must be valid. */
export function optionalPhoneNumber(invalid: string) {
  return z
    .string({ error: invalid })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const trimmed = (value ?? "").trim();
      if (trimmed === "") return "";
      const e164 = toE164(trimmed);
      if (e164 === null) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return e164;
    });
}
