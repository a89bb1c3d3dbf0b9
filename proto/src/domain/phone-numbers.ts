// Phone numbers, written once for every service and the web app: the E.164 shape, parsing
// what owners type (libphonenumber-js), display, and the US/Canada split of the +1 plan.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
// The full metadata knows number types (premium rate, toll free ...); the default "min" set does not.
import { parsePhoneNumberFromString as parseWithTypes } from "libphonenumber-js/max";

/** E.164: a plus, then 8 to 15 digits, the first not 0. The only copy of this pattern. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** The product serves the US and Canada; both share +1, so national numbers parse as US. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "US";

/** True when the text has the E.164 shape (it may still be unassigned, e.g. a 555 test number). */
export function isE164(value: string): boolean {
  return E164_PATTERN.test(value);
}

/**
 * '(212) 555-0123', '212.555.0123', '+1 212 555 0123' => '+12125550123'; numbers with another
 * country code are kept ('+44 20 7946 0958' => '+442079460958'). Null when the number is not a
 * valid, dialable number for its country (wrong length, unassigned area code, letters).
 */
export function toE164(value: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** docs/product.md section 5: 11 digits starting with 1 display as (xxx) xxx-xxxx; anything else as given. */
export function displayPhoneNumber(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}

/** The country of a +1 number: CA for Canadian area codes, US for every other one. */
export function countryOfNumber(e164: string): "US" | "CA" {
  return parsePhoneNumberFromString(e164)?.country === "CA" ? "CA" : "US";
}

/** The country of a three-digit NANP area code. */
export function countryOfAreaCode(areaCode: string): "US" | "CA" {
  return countryOfNumber(`+1${areaCode}5550100`);
}

/** Digits only, with the North American country code added to a bare 10-digit number. */
export function comparablePhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 10 ? `1${digits}` : digits;
}

/** The same number however it was typed ("(555) 123-0001" and "+15551230001"). */
export function samePhoneNumber(a: string, b: string): boolean {
  const left = comparablePhoneNumber(a);
  return left !== "" && left === comparablePhoneNumber(b);
}

// ---- Who called: caller id classification (issue 18) ----
// Twilio puts a withheld caller id in `From` either as a word (Anonymous, Restricted ...) or as
// the word's keypad spelling with a plus (+266696687 = ANONYMOUS). Neither is anyone's number.

/** Twilio's withheld caller ids as keypad digits (without the plus), with the word they spell. */
export const WITHHELD_CALLER_ID_DIGITS: Readonly<Record<string, string>> = Object.freeze({
  "266696687": "ANONYMOUS",
  "7378742833": "RESTRICTED",
  "86282452253": "UNAVAILABLE",
  "8656696": "UNKNOWN",
  "2562533": "BLOCKED",
  "7748283": "PRIVATE",
});

/** Twilio's withheld caller ids as words (compared case-insensitively). */
export const WITHHELD_CALLER_ID_WORDS: readonly string[] = Object.freeze(["anonymous", "restricted", "unknown", "private", "unavailable", "blocked"]);

/** What "From" tells about the caller: no number (withheld), a US/Canada number, or any other number. */
export type CallerIdKind = "withheld" | "nanp" | "international";

/** STIR/SHAKEN as Twilio reports it in StirVerstat: passed, failed (likely spoofed), not validated, or not reported. */
export type StirVerdict = "passed" | "failed" | "not_validated" | "absent";

export interface CallerClassification {
  kind: CallerIdKind;
  stir: StirVerdict;
}

/**
 * True when `from` is no callable number: empty, one of Twilio's withheld words or keypad
 * spellings (any case), or anything that is not the E.164 shape (sip:, client:, letters).
 */
export function isWithheldCallerId(from: string): boolean {
  const value = from.trim();
  if (value === "") return true;
  if (WITHHELD_CALLER_ID_WORDS.includes(value.toLowerCase())) return true;
  if (/^\+?\d+$/.test(value) && Object.hasOwn(WITHHELD_CALLER_ID_DIGITS, value.replace(/^\+/, ""))) return true;
  return !isE164(value);
}

/**
 * A number of the US or Canada: +1 whose area code libphonenumber-js places in the US or
 * Canada, or in no country at all (unassigned codes and 555 test numbers). Every other +1
 * country (+1 876 Jamaica, +1 787 Puerto Rico, +1 242 Bahamas ...) is international: those
 * destinations bill and filter SMS from US long codes as international traffic.
 */
export function isUsOrCanadaNumber(e164: string): boolean {
  const region = nanpRegionOf(e164);
  return region === NO_REGION || region === "US" || region === "CA";
}

/** A +1 number that libphonenumber-js places in no country (an unassigned area code, a 555 test number). */
export const NO_REGION = "";

/** Recent answers of nanpRegionOf: a call's handling asks about the same two numbers several times. */
const nanpRegions = new Map<string, string | null>();
const NANP_REGIONS_KEPT = 1_000;

/**
 * The region (US, CA, PR, JM ...) of a +1 number in E.164, NO_REGION when it is in none, null
 * when it is no +1 number. Parsing costs about 15 us, and a missed call's webhook, dispatch and
 * send each ask about the caller and the sender: the last thousand answers are kept.
 */
export function nanpRegionOf(e164: string): string | null {
  const known = nanpRegions.get(e164);
  if (known !== undefined) return known;
  let region: string | null = null;
  if (isE164(e164)) {
    const parsed = parsePhoneNumberFromString(e164);
    if (parsed?.countryCallingCode === "1") region = parsed.country ?? NO_REGION;
  }
  if (nanpRegions.size >= NANP_REGIONS_KEPT) nanpRegions.clear();
  nanpRegions.set(e164, region);
  return region;
}

/** Withheld, US/Canada, or international (see isWithheldCallerId and isUsOrCanadaNumber). */
export function callerIdKind(from: string): CallerIdKind {
  if (isWithheldCallerId(from)) return "withheld";
  return isUsOrCanadaNumber(from.trim()) ? "nanp" : "international";
}

/**
 * Twilio's StirVerstat: TN-Validation-Passed-A/B/C passed, TN-Validation-Failed-* (and a bare
 * TN-Validation-Failed) failed = likely spoofed, No-TN-Validation or any other value not
 * validated, absent when Twilio sent none (the call came without a SHAKEN PASSporT).
 */
export function stirVerdict(stirVerstat: string | undefined): StirVerdict {
  const value = (stirVerstat ?? "").trim().toLowerCase();
  if (value === "") return "absent";
  if (value.startsWith("tn-validation-passed")) return "passed";
  if (value.startsWith("tn-validation-failed")) return "failed";
  return "not_validated";
}

export function classifyCaller(from: string, stirVerstat?: string): CallerClassification {
  return { kind: callerIdKind(from), stir: stirVerdict(stirVerstat) };
}

/** The owner's choices about callers Rebound could text but might not want to. */
export interface CallerScreeningSettings {
  /** Text callers outside the US and Canada (international SMS rates). Off by default. */
  allowInternational: boolean;
  /** Text callers whose caller id failed STIR/SHAKEN. Off by default. */
  textLikelySpoofed: boolean;
}

/** Why a caller is not texted whatever else holds: the SmsSuppressed reasons of the caller id. */
export type CallerScreenReason = "withheld_caller_id" | "international" | "likely_spoofed";

/**
 * The caller-id rule, in this order: a withheld id is never texted; an international number
 * only when the owner allows it; a failed STIR/SHAKEN check only when the owner chose to text
 * likely-spoofed callers. Undefined: the caller id does not stand in the way. Pure and local,
 * so messaging's decide() applies it and telephony's voice answer can foresee it.
 */
export function screenCaller(caller: CallerClassification, settings: CallerScreeningSettings): CallerScreenReason | undefined {
  switch (caller.kind) {
    case "withheld":
      return "withheld_caller_id";
    case "international":
      if (!settings.allowInternational) return "international";
      break;
    case "nanp":
      break;
    default: {
      const unexpected: never = caller.kind;
      throw new Error(`unknown caller id kind ${String(unexpected)}`);
    }
  }
  return caller.stir === "failed" && !settings.textLikelySpoofed ? "likely_spoofed" : undefined;
}

export const WITHHELD_CALLER_LABEL = "Caller ID withheld";

/** How a caller is shown to the owner: "Caller ID withheld" for a withheld id, else the number for display. */
export function callerLabel(from: string): string {
  return isWithheldCallerId(from) ? WITHHELD_CALLER_LABEL : displayPhoneNumber(from.trim());
}

/**
 * Numbers our forwarding test may call (toll fraud, issue 16): valid US or Canadian geographic or
 * mobile lines by libphonenumber-js's type; never premium-rate, toll-free, shared-cost, VoIP,
 * personal or other countries' numbers.
 */
export function isForwardingTestDestination(e164: string): boolean {
  const parsed = parseWithTypes(e164);
  if (!parsed?.isValid() || (parsed.country !== "US" && parsed.country !== "CA")) return false;
  const type = parsed.getType();
  return type === "FIXED_LINE" || type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE";
}
