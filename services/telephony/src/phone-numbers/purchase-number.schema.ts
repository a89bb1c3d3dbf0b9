import { toE164 } from "@rebound/contracts/domain";
import { z } from "zod";

/** Required, then a real phone number as an owner may type it (libphonenumber-js, via contracts): E.164 out. */
export const phoneNumberField = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: "Please enter a valid phone number" });
      return z.NEVER;
    }
    return e164;
  });

export const purchaseSchema = z.object({ phoneNumber: phoneNumberField });
