/** E.164: a plus, then 8 to 15 digits. */
export const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * A phone number as typed by an owner -> E.164. Accepts separators and
 * parentheses; 10 digits are a US/Canada number, 11 starting with 1 too.
 * Undefined when it cannot be a phone number.
 */
export function normalizePhoneNumber(input: string): string | undefined {
  const trimmed = input.trim();
  const digits = trimmed.replace(/[\s().-]/g, "");
  if (!/^\+?\d+$/.test(digits)) return undefined;
  if (digits.startsWith("+")) return E164.test(digits) ? digits : undefined;
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return undefined;
}

/** A caller we can text back: a real E.164 number, not "anonymous" or a withheld id. */
export function isTextable(callerNumber: string): boolean {
  return E164.test(callerNumber);
}

/** Spec section 5: 11 digits starting with 1 display as (xxx) xxx-xxxx; anything else as given. */
export function displayPhoneNumber(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}

// Canadian area codes of the North American Numbering Plan; every other one is in the US (or its territories).
const CANADIAN_AREA_CODES = new Set(
  (
    "204 226 236 249 250 257 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 460 468 474 " +
    "506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905"
  ).split(" "),
);

export function countryOfAreaCode(areaCode: string): "US" | "CA" {
  return CANADIAN_AREA_CODES.has(areaCode) ? "CA" : "US";
}

/** The country of a +1 number by its area code; other numbers are not sold by us. */
export function countryOfNumber(e164: string): "US" | "CA" {
  return countryOfAreaCode(e164.slice(2, 5));
}
