// US texting registration (A2P 10DLC), the words every service and the web app share: who must be
// registered, the API's statuses and request bodies (with the product's messages), and what a
// carrier's delivery error means to an owner. Facts and sources: docs/texting-registration.md.
import { z } from "zod";
import { NO_REGION, nanpRegionOf, toE164 } from "./phone-numbers";

export const TEXTING_REGISTRATION_STATUSES = ["not_started", "submitted", "brand_approved", "approved", "failed", "needs_verification"] as const;
export type TextingRegistrationStatusName = (typeof TEXTING_REGISTRATION_STATUSES)[number];

export const TEXTING_REGISTRATION_KINDS = ["standard", "sole_proprietor"] as const;
export type TextingRegistrationKindName = (typeof TEXTING_REGISTRATION_KINDS)[number];

/** A registration the owner cannot submit again while it stands (POST answers 409). */
export function isRegistrationInFlight(status: TextingRegistrationStatusName): boolean {
  return status === "submitted" || status === "brand_approved" || status === "needs_verification";
}

/** US territories texted as US numbers by US carriers (libphonenumber-js gives them their own region). */
const US_REGIONS: ReadonlySet<string> = new Set(["US", "PR", "VI", "GU", "AS", "MP"]);

/**
 * True when US carriers apply the A2P 10DLC rule to a text from `from` to `to`: a US local number
 * sending to a US recipient (US territories and +1 numbers in no region, such as 555 test numbers,
 * count as US). Canadian recipients and every other country are outside the rule; a Canadian
 * sender is not a US 10DLC number. Not countryOfNumber: that reads every non-Canadian +1 as US.
 */
export function usA2pRegistrationApplies(from: string, to: string): boolean {
  return isUsLocalNumber(from) && isUsLocalNumber(to);
}

function isUsLocalNumber(e164: string): boolean {
  const region = nanpRegionOf(e164);
  return region === NO_REGION || (region !== null && US_REGIONS.has(region));
}

/** A carrier's delivery error in words for the owner, with what to do about it. */
export interface DeliveryErrorWords {
  code: string;
  /** Twilio's title of the code. */
  title: string;
  /** What happened, for the owner. */
  words: string;
  /** What the owner can do (empty when nothing). */
  action: string;
  /** The error means the business's texting registration needs attention. */
  registrationProblem: boolean;
}

const DELIVERY_ERRORS: Readonly<Record<string, Omit<DeliveryErrorWords, "code">>> = {
  "30034": {
    title: "US A2P 10DLC - Message from an Unregistered Number",
    words: "Blocked by the carrier: texting registration",
    action: "US carriers only deliver texts from registered numbers. Finish your texting registration in Setup.",
    registrationProblem: true,
  },
  "30007": {
    title: "Message filtered",
    words: "Filtered by the carrier as spam",
    action: "Keep your message short and personal, name your business, and avoid links and ALL CAPS.",
    registrationProblem: false,
  },
  "30003": {
    title: "Unreachable destination handset",
    words: "The caller's phone was unreachable",
    action: "The phone may be off or out of coverage. Call them back.",
    registrationProblem: false,
  },
  "30005": {
    title: "Unknown destination handset",
    words: "The number doesn't exist or can't receive texts",
    action: "Call them back instead.",
    registrationProblem: false,
  },
  "30006": {
    title: "Landline or unreachable carrier",
    words: "A landline, or a carrier that can't receive texts",
    action: "Call them back instead.",
    registrationProblem: false,
  },
  "21610": {
    title: "Attempt to send to unsubscribed recipient",
    words: "The caller has unsubscribed (replied STOP)",
    action: "They will get no texts until they reply START.",
    registrationProblem: false,
  },
};

/** The owner's words for a delivery error code; undefined for a code without words (shown as the code). */
export function describeDeliveryError(code: string | undefined | null): DeliveryErrorWords | undefined {
  if (!code) return undefined;
  const known = DELIVERY_ERRORS[code];
  return known ? { code, ...known } : undefined;
}

/** Twilio's business_type values (TrustHub business information). */
export const REGISTRATION_BUSINESS_TYPES = [
  "Sole Proprietorship",
  "Partnership",
  "Limited Liability Corporation",
  "Co-operative",
  "Non-profit Corporation",
  "Corporation",
] as const;

/**
 * Twilio's business_industry values (TrustHub business information) and the brand verticals it
 * also takes for a brand (CONSTRUCTION, PROFESSIONAL ...): an owner picks the one that fits.
 */
export const REGISTRATION_INDUSTRIES = [
  "AGRICULTURE",
  "AUTOMOTIVE",
  "BANKING",
  "COMMUNICATION",
  "CONSTRUCTION",
  "CONSUMER",
  "EDUCATION",
  "ELECTRONICS",
  "ENERGY",
  "ENGINEERING",
  "ENTERTAINMENT",
  "FAST_MOVING_CONSUMER_GOODS",
  "FINANCIAL",
  "FINTECH",
  "FOOD_AND_BEVERAGE",
  "GOVERNMENT",
  "HEALTHCARE",
  "HOSPITALITY",
  "HUMAN_RESOURCES",
  "INSURANCE",
  "JEWELRY",
  "LEGAL",
  "MANUFACTURING",
  "MEDIA",
  "NGO",
  "NOT_FOR_PROFIT",
  "OIL_AND_GAS",
  "ONLINE",
  "POLITICAL",
  "POSTAL",
  "PROFESSIONAL",
  "RAW_MATERIALS",
  "REAL_ESTATE",
  "RELIGION",
  "RETAIL",
  "TECHNOLOGY",
  "TELECOMMUNICATIONS",
  "TRANSPORTATION",
  "TRAVEL",
] as const;

/** Digits of an EIN typed with or without its dash (12-3456789); null when it is not 9 digits or is all zeros. */
export function normalizeEin(value: string): string | null {
  const digits = value.trim().replace(/^(\d{2})-(\d{7})$/, "$1$2");
  return /^\d{9}$/.test(digits) && digits !== "000000000" ? digits : null;
}

const text = (message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required$/, "")} must be at most ${max} characters`);
const usOrCanadaPhone = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value, ctx) => {
      const e164 = toE164(value);
      const region = e164 ? nanpRegionOf(e164) : null;
      if (!e164 || region === null || (region !== NO_REGION && region !== "US" && region !== "CA")) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return e164;
    });

const address = {
  street: text("Street address is required", 200),
  city: text("City is required"),
  region: z
    .string({ error: "State or province is required" })
    .trim()
    .regex(/^[A-Za-z]{2}$/, "Use the two-letter state or province code, e.g. CA or ON")
    .transform((value) => value.toUpperCase()),
  postalCode: z
    .string({ error: "ZIP or postal code is required" })
    .trim()
    .regex(/^(\d{5}(-\d{4})?|[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$/, "Enter a US ZIP code (94107) or a Canadian postal code (M5V 2T6)")
    .transform((value) => value.toUpperCase()),
  country: z.enum(["US", "CA"], { error: "Country must be US or CA" }),
};

export const standardRegistrationSchema = z.object({
  kind: z.literal("standard"),
  legalName: text("Legal business name is required", 255),
  ein: z
    .string({ error: "EIN must be 9 digits, e.g. 12-3456789" })
    .transform((value, ctx) => normalizeEin(value) ?? (ctx.addIssue({ code: "custom", message: "EIN must be 9 digits, e.g. 12-3456789" }), z.NEVER)),
  businessType: z.enum(REGISTRATION_BUSINESS_TYPES, { error: "Choose your business type" }),
  industry: z.enum(REGISTRATION_INDUSTRIES, { error: "Choose your industry" }),
  website: z
    .string({ error: "Website must start with https://" })
    .trim()
    .max(255, "Website must be at most 255 characters")
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && url.hostname.includes(".");
      } catch {
        return false;
      }
    }, "Website must start with https://"),
  ...address,
  contactFirstName: text("Contact first name is required"),
  contactLastName: text("Contact last name is required"),
  contactEmail: z
    .string({ error: "Valid contact email is required" })
    .trim()
    .max(255, "Valid contact email is required")
    .pipe(z.email({ error: "Valid contact email is required" })),
  contactPhone: usOrCanadaPhone("Enter a US or Canadian phone number"),
});

export const soleProprietorRegistrationSchema = z.object({
  kind: z.literal("sole_proprietor"),
  firstName: text("First name is required"),
  lastName: text("Last name is required"),
  email: z
    .string({ error: "Valid email is required" })
    .trim()
    .max(255, "Valid email is required")
    .pipe(z.email({ error: "Valid email is required" })),
  mobilePhone: usOrCanadaPhone("Enter your own US or Canadian mobile number"),
  ...address,
});

/** POST /api/texting-registration. */
export const textingRegistrationSchema = z.discriminatedUnion("kind", [standardRegistrationSchema, soleProprietorRegistrationSchema], {
  error: "Choose standard (a business with an EIN) or sole_proprietor",
});

export type StandardRegistrationInput = z.infer<typeof standardRegistrationSchema>;
export type SoleProprietorRegistrationInput = z.infer<typeof soleProprietorRegistrationSchema>;
export type TextingRegistrationInput = z.infer<typeof textingRegistrationSchema>;

export type RegistrationStepKey = "account" | "business_profile" | "brand" | "verification" | "campaign" | "number";
export type RegistrationStepState = "not_started" | "in_progress" | "done" | "failed";

export interface RegistrationFee {
  label: string;
  amountUsd: number;
}

/** GET /api/texting-registration. */
export interface TextingRegistrationView {
  status: TextingRegistrationStatusName;
  kind: TextingRegistrationKindName | null;
  steps: { key: RegistrationStepKey; state: RegistrationStepState; at: string | null }[];
  failureReason: string | null;
  submittedAt: string | null;
  approvedAt: string | null;
  fees: { billing: "included" | "invoice"; oneTime: RegistrationFee[]; monthly: RegistrationFee[] };
  /** False when the business's number is Canadian: US carriers' registration does not apply to it. */
  required: boolean;
}
